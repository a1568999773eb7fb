/**
 * Runs async jobs strictly one after another, in call order. A job may let the next one start before it
 * has finished by calling `release`: once nothing it still sends can be overtaken by the next job's.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: (release: () => void) => Promise<T>): Promise<T> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const result = this.tail.then(() => job(release));
    this.tail = Promise.race([released, result.then(undefined, () => undefined)]);
    return result;
  }
}
