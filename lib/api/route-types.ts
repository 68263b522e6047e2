import type { paths } from "./schema.gen";

// The API's routes as types, read from the generated `paths` of its OpenAPI document (lib/api/schema.gen.ts): a
// call names a route template and gets that operation's path and query parameters, body and answer.

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** The route templates (`/api/v1/config/site/{siteId}`) that answer `method`. */
export type ApiPath<M extends HttpMethod> = { [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never }[keyof paths];

/** Every route template of the document. */
export type AnyApiPath = keyof paths;

export type ApiOperation<M extends HttpMethod, P extends ApiPath<M>> = paths[P] extends { [K in M]: infer O } ? O : never;

type Defined<T> = Exclude<T, undefined>;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type ParametersOf<O> = O extends { parameters: infer P } ? P : never;
type PathOf<O> = Defined<ParametersOf<O> extends { path?: infer X } ? X : never>;
type QueryOf<O> = Defined<ParametersOf<O> extends { query?: infer X } ? X : never>;
type JsonOf<C> = C extends { content: { "application/json": infer J } } ? J : never;

type PathPart<O> = [PathOf<O>] extends [never] ? object : { path: PathOf<O> };
type QueryPart<O> = [QueryOf<O>] extends [never] ? object : ParametersOf<O> extends { query: object } ? { query: QueryOf<O> } : { query?: QueryOf<O> };

/** An operation's path and query parameters. */
export type ApiParams<O> = PathPart<O> & QueryPart<O>;

type ParamsPart<O> = [keyof ApiParams<O>] extends [never]
  ? { params?: never }
  : [RequiredKeys<ApiParams<O>>] extends [never]
    ? { params?: ApiParams<O> }
    : { params: ApiParams<O> };

/** An operation's JSON request body. */
export type ApiBody<O> = O extends { requestBody?: infer B } ? JsonOf<Defined<B>> : never;
type BodyPart<O> = [ApiBody<O>] extends [never] ? { body?: never } : O extends { requestBody: object } ? { body: ApiBody<O> } : { body?: ApiBody<O> };

/** What a call of an operation takes besides its route. */
export type ApiInit<O> = ParamsPart<O> & BodyPart<O> & { signal?: AbortSignal; /** False for calls whose 401 is an ordinary answer (sign-in). */ handleAuthErrors?: boolean };

/** The call's init is optional when the operation needs neither parameters nor a body. */
export type ApiInitArgs<O> = [RequiredKeys<ParamsPart<O> & BodyPart<O>>] extends [never] ? [init?: ApiInit<O>] : [init: ApiInit<O>];

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;
type AnswerOf<R> = R extends { content: { "application/json": infer J } } ? J : undefined;

/** The JSON a successful call answers (undefined for 204 No Content). */
export type ApiAnswer<M extends HttpMethod, P extends ApiPath<M>> =
  ApiOperation<M, P> extends { responses: infer R } ? AnswerOf<R[keyof R & SuccessStatus]> : never;

/** The GET routes that answer a keyset page (`{ items, nextCursor }`, lib/pagination.ts). */
export type PagedApiPath = { [P in ApiPath<"get">]: ApiAnswer<"get", P> extends { items: readonly unknown[]; nextCursor: string | null } ? P : never }[ApiPath<"get">];

/** A row of a paged route's answer. */
export type ApiItem<P extends PagedApiPath> = ApiAnswer<"get", P> extends { items: readonly (infer I)[] } ? I : never;
