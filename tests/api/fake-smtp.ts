import { createServer, type AddressInfo, type Socket } from "node:net";

export interface ReceivedMail {
  sender: string;
  recipients: string[];
  /** The message as sent after DATA (headers and body), quoted-printable soft breaks joined. */
  data: string;
}

/** Just enough of an SMTP server on loopback for the mailer to hand it a message (no TLS, no authentication). */
export async function startFakeSmtp() {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let buffer = "";
    let data: string[] | null = null;
    let current: ReceivedMail = { sender: "", recipients: [], data: "" };
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === ".") {
            messages.push({ ...current, data: data.join("\n").replace(/=\n/g, "") });
            current = { sender: "", recipients: [], data: "" };
            data = null;
            socket.write("250 2.0.0 queued\r\n");
          } else data.push(line.startsWith("..") ? line.slice(1) : line);
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        const address = /<(.*)>/.exec(line)?.[1] ?? "";
        if (command === "MAIL") current.sender = address;
        if (command === "RCPT") current.recipients.push(address);
        if (command === "DATA") data = [];
        if (command === "QUIT") socket.end("221 bye\r\n");
        else socket.write(command === "DATA" ? "354 go ahead\r\n" : command === "EHLO" || command === "HELO" ? "250 fake\r\n" : "250 ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
