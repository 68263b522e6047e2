import "server-only";

export class PoolFullError extends Error {
  constructor() {
    super("pool full");
    this.name = "PoolFullError";
  }
}

interface Waiter {
  rank: number;
  start: () => void;
  refuse: (error: PoolFullError) => void;
}

/**
 * Runs at most `concurrency` jobs at once; the others wait, lowest rank first (in turn within a rank), and a caller may
 * refuse to queue past `queue`: then a newcomer ranked before the last in line takes its place, and that one is refused.
 */
export class BoundedPool {
  #running = 0;
  #waiting: Waiter[] = [];
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

  /**
   * Runs the job in turn; with "refuse", throws PoolFullError instead of queueing behind `queue` others. `rank` orders
   * the line (lower first): how much the caller has had already, so that newcomers are not kept behind a flood.
   */
  async run<T>(job: () => Promise<T>, whenFull: "refuse" | "wait", rank = 0): Promise<T> {
    if (this.#running < this.concurrency) this.#running++;
    else {
      if (whenFull === "refuse" && this.#waiting.length >= this.queue) {
        const last = this.#waiting.at(-1);
        if (!last || last.rank <= rank) throw new PoolFullError();
        this.#waiting.pop();
        last.refuse(new PoolFullError());
      }
      // A finished job hands its slot straight to the next in line, so #running stays counted.
      await new Promise<void>((start, refuse) => {
        const at = this.#waiting.findIndex((waiter) => waiter.rank > rank);
        this.#waiting.splice(at < 0 ? this.#waiting.length : at, 0, { rank, start, refuse });
      });
    }
    this.#started++;
    try {
      return await job();
    } finally {
      const next = this.#waiting.shift();
      if (next) next.start();
      else this.#running--;
    }
  }
}
