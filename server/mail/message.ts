import "server-only";

/** One message the console sends: plain text, with the one link it is about. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  link: string;
}
