// A console-like writer for the durability test: opens the PGlite data directory DATA_DIR (on its own thread, as
// the console does) and inserts rows one after another, printing each row's id once its insert is acknowledged.
import { sql } from "drizzle-orm";
import { openDatabase } from "@/server/db/client";
import { setLogDestination } from "@/server/core/log";

// Its stdout is the acknowledged ids, one a line: the server's log goes to stderr.
setLogDestination(process.stderr);

async function main() {
  const handle = await openDatabase({ dataDir: process.env.DATA_DIR! });
  await handle.db.execute(sql`create table if not exists acknowledged (id integer primary key, note text not null)`);
  for (let id = 1; ; id++) {
    // Half the writes in a transaction, as the services write: both kinds must survive.
    if (id % 2 === 0) {
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into acknowledged values (${id}, ${`in a transaction ${id}`})`);
      });
    } else {
      await handle.db.execute(sql`insert into acknowledged values (${id}, ${`alone ${id}`})`);
    }
    process.stdout.write(`${id}\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
