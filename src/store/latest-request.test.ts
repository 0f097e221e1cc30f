import { describe, expect, it } from 'vitest';
import { latestRequest } from './latest-request.ts';

describe('latestRequest', () => {
  it('should abort the load before when a new one starts, and count only the new one', () => {
    const request = latestRequest();
    const first = request.start();
    const second = request.start();
    expect(first.signal.aborted).toBe(true);
    expect(second.signal.aborted).toBe(false);
    expect(first.settle()).toBe(false);
    expect(second.settle()).toBe(true);
  });

  it('should settle a run once: a second settle is stale', () => {
    const request = latestRequest();
    const run = request.start();
    expect(request.busy).toBe(true);
    expect(run.settle()).toBe(true);
    expect(request.busy).toBe(false);
    expect(run.settle()).toBe(false);
  });

  it('should drop the answer of a cancelled load and leave a settled one alone', () => {
    const request = latestRequest();
    const cancelled = request.start();
    request.cancel();
    expect(cancelled.signal.aborted).toBe(true);
    expect(cancelled.settle()).toBe(false);
    const done = request.start();
    expect(done.settle()).toBe(true);
    request.cancel();
    expect(done.signal.aborted).toBe(false);
  });

  it('should keep separate slots apart', () => {
    const products = latestRequest();
    const catalogue = latestRequest();
    const product = products.start();
    catalogue.start();
    expect(product.signal.aborted).toBe(false);
    expect(product.settle()).toBe(true);
  });
});
