import { describe, expect, it } from 'vitest';
import { longTaskBlocking, type TraceEvent } from '../../bench/support/trace-events';

const PAGE = { pid: 7, tid: 1 };
const ms = (n: number) => n * 1000;
const task = (at: number, length: number, onCpu?: number, thread = PAGE): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ts: ms(at),
  dur: ms(length),
  ...(onCpu !== undefined && { tdur: ms(onCpu) }),
  ...thread,
});
const load = (...tasks: TraceEvent[]): TraceEvent[] => [
  { name: 'navigationStart', ph: 'R', ts: 0, ...PAGE, args: { data: { isLoadingMainFrame: true } } },
  { name: 'firstContentfulPaint', ph: 'R', ts: ms(100), ...PAGE },
  ...tasks,
];

describe('longTaskBlocking', () => {
  it("counts the page's long tasks after the first paint 4× as long, by length and by CPU time", () => {
    const blocking = longTaskBlocking(
      load(
        task(20, 40, 40), // before the first paint
        task(150, 30, 10), // 4 × 30 − 50 = 70 by length; 4 × 10 < 50 on the CPU
        task(300, 25, 25), // 50 either way
        task(400, 10, 10), // not a long task
        task(500, 60, 60, { pid: 9, tid: 1 }), // another process
      ),
    );
    expect(blocking).toEqual({ byLength: 120, byCpu: 50 });
  });

  it('takes a task without a recorded CPU time at its length, and a trace without a paint as nothing', () => {
    expect(longTaskBlocking(load(task(150, 20)))).toEqual({ byLength: 30, byCpu: 30 });
    expect(longTaskBlocking([task(150, 20)])).toBeUndefined();
  });
});
