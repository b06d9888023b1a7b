/**
 * Pure rotation logic for the auto-advancing parts of the public pages (docs/behaviour.md#rotations): the home
 * page's process steps and testimonials, and the Services explorer with its progress bar.
 * No React here: app/hooks/use-rotation.ts wires it to components.
 */

/** The active process step advances every 3 seconds (docs/behaviour.md#timings). */
export const PROCESS_STEP_INTERVAL_MS = 3_000;
/** The featured testimonial rotates every 5 seconds. */
export const TESTIMONIAL_INTERVAL_MS = 5_000;
/** The Services explorer's progress advances one step every 50 ms... */
export const SERVICE_ROTATION_TICK_MS = 50;
/** ...over 100 steps, then moves to the next service (about 5 seconds per service). */
export const SERVICE_ROTATION_STEPS = 100;

/** `index` brought into 0..length-1, wrapping around in both directions; 0 for an empty list. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0 || !Number.isFinite(index)) return 0;
  const whole = Math.trunc(index);
  return ((whole % length) + length) % length;
}

/** The next index, back to the first after the last. */
export function nextIndex(index: number, length: number): number {
  return wrapIndex(index + 1, length);
}

/** The previous index, to the last before the first. */
export function previousIndex(index: number, length: number): number {
  return wrapIndex(index - 1, length);
}

/** A rotation with a progress bar: which item is selected and how many steps of its time have passed. */
export type ProgressRotation = { index: number; step: number };

/** Selecting an item (by the user, or at start) always starts its progress from zero. */
export function selectItem(index: number, length: number): ProgressRotation {
  return { index: wrapIndex(index, length), step: 0 };
}

/** One tick: one more step of progress; after the last step, the next item from zero. */
export function tickProgress(state: ProgressRotation, length: number, steps: number = SERVICE_ROTATION_STEPS): ProgressRotation {
  const step = state.step + 1;
  if (step >= steps) return { index: nextIndex(state.index, length), step: 0 };
  return { index: state.index, step };
}

/** Progress as a whole percentage, 0 to 100. */
export function progressPercent(step: number, steps: number = SERVICE_ROTATION_STEPS): number {
  if (steps <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((step / steps) * 100)));
}

export type ProgressAction = { type: "tick" } | { type: "select"; index: number };

/** A reducer over `ProgressRotation` for a list of `length` items and `steps` steps per item. */
export function progressReducer(length: number, steps: number = SERVICE_ROTATION_STEPS) {
  return (state: ProgressRotation, action: ProgressAction): ProgressRotation => {
    switch (action.type) {
      case "tick":
        return tickProgress(state, length, steps);
      case "select":
        return selectItem(action.index, length);
    }
  };
}

/** Why a rotation is not running, if it is not. */
export type RotationConditions = {
  /** The page is interactive (hydrated): a server render never rotates. */
  hydrated: boolean;
  /** The visitor asked for reduced motion: nothing rotates by itself. */
  reducedMotion: boolean;
  /** Paused with a pause/resume control. */
  userPaused?: boolean;
  /** The pointer is over the rotating content. */
  hovered?: boolean;
  /** Keyboard focus is inside the rotating content. */
  focusWithin?: boolean;
};

/** Exposed as `data-rotation` on the rotating element (for styling and tests). */
export type RotationStatus = "off" | "reduced" | "paused" | "running";

/**
 * "off" before the page is interactive, "reduced" under prefers-reduced-motion (never rotates),
 * "paused" while held, else "running".
 */
export function rotationStatus({ hydrated, reducedMotion, userPaused, hovered, focusWithin }: RotationConditions): RotationStatus {
  if (!hydrated) return "off";
  if (reducedMotion) return "reduced";
  if (userPaused || hovered || focusWithin) return "paused";
  return "running";
}

/** Calls `onTick` every `intervalMs` until the returned function is called. */
export function startTicker(intervalMs: number, onTick: () => void): () => void {
  const id = setInterval(onTick, intervalMs);
  return () => clearInterval(id);
}
