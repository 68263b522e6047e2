import "server-only";
import { logger } from "@/server/core/log";
import { createTransport, type Transporter } from "nodemailer";
import type { MailMessage } from "./message";
import { outboxDirectory, writeToOutbox } from "./outbox";
import { htmlFromText } from "./plain-text";

const log = logger("mail");

// A broken SMTP server must not hold the inviter's request for nodemailer's default two minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

let smtp: { url: string; transporter: Transporter } | undefined;

function smtpTransport(url: string): Transporter {
  if (smtp?.url !== url) smtp = { url, transporter: createTransport({ url, ...SMTP_TIMEOUTS }) };
  return smtp.transporter;
}

/** MAIL_FROM, else no-reply at the host the link points to. */
function sender(message: MailMessage, env: NodeJS.ProcessEnv): string {
  return env.MAIL_FROM || `Maia Console <no-reply@${new URL(message.link).hostname}>`;
}

/**
 * Sends through SMTP_URL when it is set; otherwise (the embedded default) writes the message to the outbox under
 * DATA_DIR and prints its link in the server log, so a demo or a test can follow it. The HTML part is the text,
 * escaped, with the message's link as its only link.
 */
export async function sendMail(message: MailMessage, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const html = htmlFromText(message.text, message.link);
  if (env.SMTP_URL) {
    await smtpTransport(env.SMTP_URL).sendMail({ from: sender(message, env), to: message.to, subject: message.subject, text: message.text, html });
    return;
  }
  const file = await writeToOutbox({ ...message, html }, outboxDirectory(env));
  log.info({ to: message.to, subject: message.subject, file, link: message.link }, "mail written to the outbox");
}

/** Sends and never throws: a failure is logged, and what the message was about stays as it is. */
export async function deliver(message: MailMessage, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  try {
    await sendMail(message, env);
    return true;
  } catch (error) {
    log.error({ err: error, to: message.to }, "mail not sent");
    return false;
  }
}
