/**
 * Runs async jobs strictly one after another, in call order. A job may let the next one start before it
 * has finished by calling `release`: once nothing it still sends can be overtaken by the next job's.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  /** Jobs queued or running (a released job still running counts until it ends). */
  size = 0;

  run<T>(job: (release: () => void) => Promise<T>): Promise<T> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.size++;
    const result = this.tail.then(() => job(release));
    const ended = result.then(
      () => undefined,
      () => undefined,
    );
    void ended.then(() => {
      this.size--;
    });
    this.tail = Promise.race([released, ended]);
    return result;
  }
}
