import Papa from "papaparse";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { csvText, csvValue } from "@/lib/csv/cells";
import { readCsv } from "@/lib/csv/read";
import { csvColumns } from "@/server/csv/columns";
import { csvFileName, csvLines, csvStream } from "@/server/csv/writer";

// The CSV writer and reader every export and import share: RFC 4180 quoting, formulas neutralized and read back,
// the file refused whole when it is not CSV text, and the stream pulled a page at a time.

const decode = (chunks: Uint8Array[]) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(Buffer.concat(chunks));

describe("cells", () => {
  it.each([
    ["=1+2", "'=1+2"],
    ["+33 1 23 45 67 89", "'+33 1 23 45 67 89"],
    ["-x", "'-x"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", "'\rcmd"],
    ["'=already", "''=already"],
    ["''@twice", "'''@twice"],
    ["plain", "plain"],
    ["'apostrophe only", "'apostrophe only"],
    ["", ""],
  ])("writes %j as %j and reads it back", (value, cell) => {
    expect(csvText(value)).toBe(cell);
    expect(csvValue(cell)).toBe(value);
  });

  it("writes numbers, booleans, lists and nothing as they are, never escaped", () => {
    expect([csvText(-12.5), csvText(true), csvText(null), csvText(undefined), csvText(["10.0.0.0/24", "10.1.0.0/24"]), csvText({ a: 1 })]).toEqual([
      "-12.5",
      "true",
      "",
      "",
      "10.0.0.0/24,10.1.0.0/24",
      '{"a":1}',
    ]);
  });
});

describe("writing", () => {
  const schema = z.discriminatedUnion("type", [
    z.object({ id: z.string(), type: z.literal("a"), location: z.object({ address: z.string(), latitude: z.number() }) }),
    z.object({ id: z.string(), type: z.literal("b"), account: z.string().nullable(), tags: z.array(z.string()) }),
  ]);

  it("takes the columns from the schema: every variant's fields, nested objects flattened", () => {
    expect(csvColumns(schema).map((column) => column.header)).toEqual(["id", "type", "location.address", "location.latitude", "account", "tags"]);
  });

  it("quotes as RFC 4180 says and ends every line with CRLF", () => {
    const columns = csvColumns(schema);
    const text = csvLines(columns, [
      { id: "1", type: "a", location: { address: 'Rue "du" Port, 3\nbis', latitude: 48.5 } },
      { id: "2", type: "b", account: null, tags: ["x", "y"] },
    ] as z.infer<typeof schema>[]);
    expect(text).toBe('1,a,"Rue ""du"" Port, 3\nbis",48.5,,\r\n2,b,,,,"x,y"\r\n');
    const back = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(back[0][2]).toBe('Rue "du" Port, 3\nbis');
  });

  it("streams a page only when the reader asks for one, and stops reading pages when the reader cancels", async () => {
    let read = 0;
    let taken = 0;
    let mostAhead = 0;
    let closed = false;
    async function* pages() {
      try {
        for (let page = 0; page < 1000; page += 1) {
          read += 1;
          mostAhead = Math.max(mostAhead, read - taken);
          yield [{ id: String(page) }];
        }
      } finally {
        closed = true;
      }
    }
    const reader = csvStream(csvColumns(z.object({ id: z.string() })), pages()).getReader();
    expect(decode([(await reader.read()).value!])).toBe("\uFEFFid\r\n");
    // Every pull the stream wants to make runs within a turn of the event loop (pages are ready at once): a stream
    // without backpressure would have read far ahead by now.
    // eslint-disable-next-line no-restricted-syntax -- one turn of the loop, not a sleep: what is checked is a read that must not happen
    await new Promise((resolve) => setImmediate(resolve));
    expect(read).toBeLessThanOrEqual(1);
    for (let chunk = 0; chunk < 50; chunk += 1) {
      expect(decode([(await reader.read()).value!])).toBe(`${chunk}\r\n`);
      taken += 1;
    }
    // Never more than the page being read and one queued ahead of the reader.
    expect(mostAhead).toBeLessThanOrEqual(2);
    await reader.cancel();
    expect(closed).toBe(true);
    expect(read).toBeLessThanOrEqual(52);
  });

  it("writes every page of a long list, skipping empty pages", async () => {
    async function* pages() {
      yield [];
      for (let page = 0; page < 3; page += 1) yield [{ id: `${page}a` }, { id: `${page}b` }];
      yield [];
    }
    const chunks: Uint8Array[] = [];
    for await (const chunk of csvStream(csvColumns(z.object({ id: z.string() })), pages())) chunks.push(chunk);
    expect(decode(chunks)).toBe("\uFEFFid\r\n0a\r\n0b\r\n1a\r\n1b\r\n2a\r\n2b\r\n");
  });

  it("names the file with safe characters only", () => {
    expect(csvFileName("lifecycle operations", "2026-12-07")).toBe("lifecycle-operations-2026-12-07.csv");
    expect(csvFileName('sites"; rm -rf /', "é")).toBe("sites-rm-rf-e.csv");
  });
});

describe("reading", () => {
  it("reads what the writer wrote: the byte-order mark, CRLF, quoted cells and escaped formulas", () => {
    const text = `\uFEFFname,note\r\n'=HYPERLINK(1),"a, ""b""\r\nc"\r\n\r\nplain,x\r\n`;
    expect(readCsv(text)).toEqual({
      ok: true,
      header: ["name", "note"],
      records: [
        { line: 2, cells: ["=HYPERLINK(1)", 'a, "b"\nc'] },
        { line: 5, cells: ["plain", "x"] },
      ],
    });
  });

  it("reads a file a spreadsheet saved with semicolons", () => {
    const read = readCsv("name;bandwidth\nLyon, France;100\n");
    expect(read.ok && read.records[0].cells).toEqual(["Lyon, France", "100"]);
  });

  it.each([
    ["", "validation.csvEmpty"],
    ["a,b\n", "validation.csvNoRows"],
    ["a,b\n\u0000\u0001,x\n", "validation.csvNotCsv"],
    ["a,b\nCaf\uFFFD,x\n", "validation.csvNotUtf8"],
    ['a,b\n"x,y\n', "validation.csvUnclosedQuote"],
    ["a,a\n1,2\n", "validation.csvDuplicateColumn"],
    ["a,b\n1,2,3\n", "validation.csvTooManyCells"],
    [`a\n${"x".repeat(5000)}\n`, "validation.csvCellTooLong"],
    [`a\n${"x\n".repeat(11)}`, "validation.csvTooManyRows"],
  ])("refuses %j as a whole: %s", (text, key) => {
    const read = readCsv(text, { maxRows: 10 });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.error.key).toBe(key);
  });

  it("says on which line the file stops being text", () => {
    expect(readCsv("a,b\n1,2\n3,\uFFFD\n")).toEqual({ ok: false, error: { key: "validation.csvNotUtf8", values: { line: 3 } } });
  });
});
