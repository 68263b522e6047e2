// Development questions about the automation of issue 43 — API tokens, webhooks, the audit log, CSV export and
// import, Prometheus metrics — typed as engineers type them, in English and French. The rules were written with these
// in view (the held-out set has its own, written apart).
import { link, text, type EvalCase } from "../../../scripts/assistant-eval/harness";
import { CONTOSO_ADMIN, NORTHWIND_ADMIN, OPERATOR } from "../../../scripts/assistant-eval/world";
import { CONTOSO, dv, NORTHWIND } from "./support";

const MAIA = "Maia";

export function automationCases(): EvalCase[] {
  return [
    dv("auto-token-script", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how do i create an api token for a script?",
      facts: async () => [text("the button", "Create token"), text("the header", "Bearer"), text("the expiry", "90 days"), link("the tokens tab", "user/apiTokens")],
    }),
    dv("auto-token-grafana", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "does the api support tokens so our grafana can pull data?",
      facts: async () => [text("the tokens", "token"), text("read-only by default", "read-only")],
    }),
    dv("auto-jeton-fr", "coverage", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "comment créer un jeton d'api ?",
      facts: async () => [text("le bouton", "Créer un jeton"), text("l’en-tête", "Bearer"), link("l’onglet des jetons", "user/apiTokens")],
    }),
    dv("auto-webhook-where", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "where do i set up a webhook for alarms?",
      facts: async () => [text("the button", "Add endpoint"), link("the webhooks page", "webhooks")],
    }),
    dv("auto-webhook-signed", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how are webhook payloads signed?",
      facts: async () => [text("the signature header", "X-Maia-Signature"), text("HMAC", "HMAC")],
    }),
    dv("auto-webhook-ticketing", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "can we get alarms pushed into our ticketing system?",
      facts: async () => [text("webhooks", "webhook", "endpoint"), text("signed", "sign")],
    }),
    dv("auto-audit-where-fr", "coverage", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "où est le journal d'audit ?",
      facts: async () => [text("qui a changé quoi", "Qui a changé quoi"), text("l’export", "CSV"), link("le journal d’audit", "audit")],
    }),
    dv("auto-audit-who-changed-where", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "where can i see who changed the paris path?",
      facts: async () => [text("the audit log", "Audit log"), link("the audit log", "audit")],
    }),
    dv("auto-csv-export", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how can i export my paths to csv?",
      facts: async () => [text("the button", "Export CSV")],
    }),
    dv("auto-csv-bulk-devices", "onboarding", "en", {
      user: OPERATOR,
      organization: MAIA,
      question: "got 200 new boxes to add, can i import them in bulk instead of 1 by 1?",
      facts: async () => [text("the import", "Import CSV"), text("a dry run first", "Check file", "dry run")],
    }),
    dv("auto-csv-export-fr", "coverage", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "je peux exporter la liste des chemins en csv ?",
      facts: async () => [text("le bouton", "Exporter en CSV")],
    }),
    dv("auto-metrics", "coverage", "en", {
      user: OPERATOR,
      organization: MAIA,
      question: "do you expose prometheus metrics?",
      facts: async () => [text("the route", "/metrics"), text("the token", "METRICS_TOKEN")],
    }),
  ];
}
