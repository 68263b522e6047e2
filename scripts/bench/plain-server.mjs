// The machine's ceiling for scripts/bench-api.mjs: a bare node:http server answering what GET /api/v1/health answers.
import http from "node:http";

const port = Number(process.argv[2]);
const body = JSON.stringify({ status: "ok" });
const server = http.createServer((request, response) => {
  request.resume();
  response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  response.end(body);
});
server.listen(port, "127.0.0.1", () => console.log(`plain server on ${port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
