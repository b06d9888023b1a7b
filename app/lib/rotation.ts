// docs/behaviour.md#rotations

export const PROCESS_STEP_INTERVAL_MS = 3_000;
export const TESTIMONIAL_INTERVAL_MS = 5_000;
export const SERVICE_ROTATION_TICK_MS = 50;
export const SERVICE_ROTATION_STEPS = 100;

export function wrapIndex(index: number, length: number): number {
  if (length <= 0 || !Number.isFinite(index)) return 0;
  const whole = Math.trunc(index);
  return ((whole % length) + length) % length;
}

export function nextIndex(index: number, length: number): number {
  return wrapIndex(index + 1, length);
}

export function previousIndex(index: number, length: number): number {
  return wrapIndex(index - 1, length);
}

export type ProgressRotation = { index: number; step: number };

export function selectItem(index: number, length: number): ProgressRotation {
  return { index: wrapIndex(index, length), step: 0 };
}

export function tickProgress(state: ProgressRotation, length: number, steps: number = SERVICE_ROTATION_STEPS): ProgressRotation {
  const step = state.step + 1;
  if (step >= steps) return { index: nextIndex(state.index, length), step: 0 };
  return { index: state.index, step };
}

export function progressPercent(step: number, steps: number = SERVICE_ROTATION_STEPS): number {
  if (steps <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((step / steps) * 100)));
}

export type ProgressAction = { type: "tick" } | { type: "select"; index: number };

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

export type RotationConditions = {
  /** How many items rotate: with one or none there is nothing to rotate to. */
  items?: number;
  hydrated: boolean;
  reducedMotion: boolean;
  userPaused?: boolean;
  hovered?: boolean;
  focusWithin?: boolean;
};

// Exposed as `data-rotation` on the rotating element; styles and tests read it.
export type RotationStatus = "off" | "reduced" | "paused" | "running";

export function rotationStatus({ items, hydrated, reducedMotion, userPaused, hovered, focusWithin }: RotationConditions): RotationStatus {
  if (!hydrated || (items !== undefined && items <= 1)) return "off";
  if (reducedMotion) return "reduced";
  if (userPaused || hovered || focusWithin) return "paused";
  return "running";
}

export function startTicker(intervalMs: number, onTick: () => void): () => void {
  const id = setInterval(onTick, intervalMs);
  return () => clearInterval(id);
}
