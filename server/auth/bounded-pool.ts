import "server-only";

export class PoolFullError extends Error {
  constructor() {
    super("pool full");
    this.name = "PoolFullError";
  }
}

/** Runs at most `concurrency` jobs at once; the others wait in turn, and a caller may refuse to queue past `queue`. */
export class BoundedPool {
  #running = 0;
  #waiting: (() => void)[] = [];
  #started = 0;

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  /** Jobs started since the pool was made: what the callers actually spent. */
  get started(): number {
    return this.#started;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs the job in turn; with "refuse", throws PoolFullError instead of queueing behind `queue` others. */
  async run<T>(job: () => Promise<T>, whenFull: "refuse" | "wait"): Promise<T> {
    if (this.#running < this.concurrency) this.#running++;
    else if (whenFull === "refuse" && this.#waiting.length >= this.queue) throw new PoolFullError();
    // A finished job hands its slot straight to the next in line, so #running stays counted.
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#started++;
    try {
      return await job();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
