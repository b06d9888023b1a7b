import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  PROCESS_STEP_INTERVAL_MS,
  SERVICE_ROTATION_STEPS,
  SERVICE_ROTATION_TICK_MS,
  TESTIMONIAL_INTERVAL_MS,
  nextIndex,
  previousIndex,
  progressPercent,
  progressReducer,
  rotationStatus,
  selectItem,
  startTicker,
  tickProgress,
  wrapIndex,
  type ProgressRotation,
} from "~/lib/rotation";

describe("the rotation constants", () => {
  it("are 3 s per process step, 5 s per testimonial and 100 steps of 50 ms per service", () => {
    expect(PROCESS_STEP_INTERVAL_MS).toBe(3_000);
    expect(TESTIMONIAL_INTERVAL_MS).toBe(5_000);
    expect(SERVICE_ROTATION_TICK_MS).toBe(50);
    expect(SERVICE_ROTATION_STEPS).toBe(100);
    expect(SERVICE_ROTATION_TICK_MS * SERVICE_ROTATION_STEPS).toBe(5_000);
  });
});

describe("wrapIndex, nextIndex and previousIndex", () => {
  it("advance and wrap around after the last item", () => {
    expect([0, 1, 2, 3, 4, 5].map((i) => nextIndex(i, 6))).toEqual([1, 2, 3, 4, 5, 0]);
    expect(previousIndex(0, 6)).toBe(5);
    expect(previousIndex(3, 6)).toBe(2);
  });

  it("bring any index into range, and give 0 for an empty list or a non-number", () => {
    expect(wrapIndex(7, 7)).toBe(0);
    expect(wrapIndex(-1, 7)).toBe(6);
    expect(wrapIndex(15, 7)).toBe(1);
    expect(wrapIndex(2.7, 7)).toBe(2);
    expect(wrapIndex(3, 0)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
    expect(wrapIndex(Number.NaN, 5)).toBe(0);
    expect(nextIndex(0, 1)).toBe(0);
  });
});

describe("progress rotation", () => {
  it("counts 100 steps, then moves to the next item from zero", () => {
    let state: ProgressRotation = selectItem(0, 7);
    for (let i = 1; i < SERVICE_ROTATION_STEPS; i++) {
      state = tickProgress(state, 7);
      expect(state).toEqual({ index: 0, step: i });
    }
    state = tickProgress(state, 7);
    expect(state).toEqual({ index: 1, step: 0 });
  });

  it("goes from the last item back to the first", () => {
    expect(tickProgress({ index: 6, step: 99 }, 7)).toEqual({ index: 0, step: 0 });
  });

  it("honours another number of steps", () => {
    expect(tickProgress({ index: 0, step: 1 }, 3, 3)).toEqual({ index: 0, step: 2 });
    expect(tickProgress({ index: 0, step: 2 }, 3, 3)).toEqual({ index: 1, step: 0 });
  });

  it("resets the progress when an item is selected, and wraps the index", () => {
    expect(selectItem(3, 7)).toEqual({ index: 3, step: 0 });
    expect(selectItem(9, 7)).toEqual({ index: 2, step: 0 });
    const reduce = progressReducer(7);
    expect(reduce({ index: 1, step: 57 }, { type: "select", index: 4 })).toEqual({ index: 4, step: 0 });
    expect(reduce({ index: 1, step: 57 }, { type: "select", index: 1 })).toEqual({ index: 1, step: 0 });
    expect(reduce({ index: 1, step: 57 }, { type: "tick" })).toEqual({ index: 1, step: 58 });
  });

  it("reports progress as a percentage from 0 to 100", () => {
    expect(progressPercent(0)).toBe(0);
    expect(progressPercent(37)).toBe(37);
    expect(progressPercent(100)).toBe(100);
    expect(progressPercent(150)).toBe(100);
    expect(progressPercent(-3)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(1, 0)).toBe(0);
  });
});

describe("an empty list or a single item", () => {
  it("never divides by zero: every step stays on item 0 with a finite percentage", () => {
    for (const length of [0, 1]) {
      let state = selectItem(3, length);
      for (let i = 0; i < SERVICE_ROTATION_STEPS + 1; i++) state = progressReducer(length)(state, { type: "tick" });
      expect(state.index).toBe(0);
      expect(Number.isFinite(progressPercent(state.step))).toBe(true);
    }
  });
});

describe("rotationStatus", () => {
  it("is off on the server and before hydration, and reduced under reduced motion, whatever else holds", () => {
    expect(rotationStatus({ hydrated: false, reducedMotion: false })).toBe("off");
    expect(rotationStatus({ hydrated: false, reducedMotion: true })).toBe("off");
    expect(rotationStatus({ hydrated: true, reducedMotion: true })).toBe("reduced");
    expect(rotationStatus({ hydrated: true, reducedMotion: true, userPaused: false, hovered: false })).toBe("reduced");
  });

  it("is paused by the pause button, by hover and by focus within", () => {
    expect(rotationStatus({ hydrated: true, reducedMotion: false, userPaused: true })).toBe("paused");
    expect(rotationStatus({ hydrated: true, reducedMotion: false, hovered: true })).toBe("paused");
    expect(rotationStatus({ hydrated: true, reducedMotion: false, focusWithin: true })).toBe("paused");
  });

  it("is off with one item or none: nothing to rotate to, so no ticker starts", () => {
    expect(rotationStatus({ items: 0, hydrated: true, reducedMotion: false })).toBe("off");
    expect(rotationStatus({ items: 1, hydrated: true, reducedMotion: false })).toBe("off");
    expect(rotationStatus({ items: 2, hydrated: true, reducedMotion: false })).toBe("running");
  });

  it("runs otherwise", () => {
    expect(rotationStatus({ hydrated: true, reducedMotion: false })).toBe("running");
    expect(rotationStatus({ hydrated: true, reducedMotion: false, userPaused: false, hovered: false, focusWithin: false })).toBe("running");
  });
});

describe("startTicker (fake timers)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ticks every interval until stopped", () => {
    const onTick = vi.fn();
    const stop = startTicker(PROCESS_STEP_INTERVAL_MS, onTick);
    vi.advanceTimersByTime(PROCESS_STEP_INTERVAL_MS - 1);
    expect(onTick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PROCESS_STEP_INTERVAL_MS * 2);
    expect(onTick).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(PROCESS_STEP_INTERVAL_MS * 10);
    expect(onTick).toHaveBeenCalledTimes(3);
  });

  it("steps the process through all 6 steps every 3 s and loops", () => {
    let index = 0;
    const seen: number[] = [];
    const stop = startTicker(PROCESS_STEP_INTERVAL_MS, () => {
      index = nextIndex(index, 6);
      seen.push(index);
    });
    vi.advanceTimersByTime(6 * PROCESS_STEP_INTERVAL_MS);
    expect(seen).toEqual([1, 2, 3, 4, 5, 0]);
    stop();
  });

  it("features the next testimonial every 5 s", () => {
    let index = 0;
    const stop = startTicker(TESTIMONIAL_INTERVAL_MS, () => {
      index = nextIndex(index, 5);
    });
    vi.advanceTimersByTime(4_999);
    expect(index).toBe(0);
    vi.advanceTimersByTime(1);
    expect(index).toBe(1);
    vi.advanceTimersByTime(4 * TESTIMONIAL_INTERVAL_MS);
    expect(index).toBe(0);
    stop();
  });

  it("moves to the next service after 100 ticks of 50 ms (5 s), with progress reset on select", () => {
    const reduce = progressReducer(7);
    let state = selectItem(0, 7);
    const stop = startTicker(SERVICE_ROTATION_TICK_MS, () => {
      state = reduce(state, { type: "tick" });
    });
    vi.advanceTimersByTime(4_950);
    expect(state).toEqual({ index: 0, step: 99 });
    vi.advanceTimersByTime(50);
    expect(state).toEqual({ index: 1, step: 0 });
    vi.advanceTimersByTime(2_000);
    expect(state).toEqual({ index: 1, step: 40 });
    state = reduce(state, { type: "select", index: 5 });
    expect(state).toEqual({ index: 5, step: 0 });
    vi.advanceTimersByTime(2 * 5_000);
    expect(state).toEqual({ index: 0, step: 0 });
    stop();
  });
});
