/**
 * Runs async jobs one after another, in call order. A job may let the next one start before it has
 * finished by calling `release`: once nothing it still sends can be overtaken by the next job's. Shared
 * jobs queued one after another run together (`shared`); a job queued after them starts once all of them
 * have ended, and shared jobs queued after it wait for it.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  /** The shared jobs queued last, while no other job has been queued after them. */
  private group: { start: Promise<unknown>; ends: Promise<unknown>[] } | null = null;
  /** Jobs queued or running (a released job still running counts until it ends). */
  size = 0;

  run<T>(job: (release: () => void) => Promise<T>): Promise<T> {
    this.closeGroup();
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const result = this.tail.then(() => job(release));
    const ended = this.counted(result);
    this.tail = Promise.race([released, ended]);
    return result;
  }

  /** A job that may run beside the shared jobs queued just before it: none of them waits for another. */
  shared<T>(job: () => Promise<T>): Promise<T> {
    this.group ??= { start: this.tail, ends: [] };
    const result = this.group.start.then(job);
    this.group.ends.push(this.counted(result));
    return result;
  }

  private closeGroup(): void {
    if (!this.group) return;
    this.tail = Promise.all(this.group.ends);
    this.group = null;
  }

  /** Counts the job until it ends, however it ends; answers when it has. */
  private counted(result: Promise<unknown>): Promise<void> {
    this.size++;
    const ended = result.then(
      () => undefined,
      () => undefined,
    );
    void ended.then(() => {
      this.size--;
    });
    return ended;
  }
}
