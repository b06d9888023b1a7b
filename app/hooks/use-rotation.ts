import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type PointerEvent,
} from "react";
import {
  nextIndex,
  progressPercent,
  progressReducer,
  rotationStatus,
  selectItem,
  startTicker,
  wrapIndex,
  type RotationStatus,
} from "~/lib/rotation";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

// The server and hydration assume reduced motion, so nothing moves before the client knows.
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}

const subscribeNothing = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

type HoldHandlers = {
  onPointerEnter: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave: (event: PointerEvent<HTMLElement>) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
};

function useHold() {
  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const holdHandlers = useMemo<HoldHandlers>(
    () => ({
      onPointerEnter: (event) => {
        if (event.pointerType === "mouse") setHovered(true);
      },
      onPointerLeave: (event) => {
        if (event.pointerType === "mouse") setHovered(false);
      },
      onFocus: () => setFocusWithin(true),
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
      },
    }),
    [],
  );
  return { hovered, focusWithin, holdHandlers };
}

export function useRotation({ length, intervalMs }: { length: number; intervalMs: number }) {
  const [index, setIndex] = useState(0);
  const [restarts, setRestarts] = useState(0);
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const { hovered, focusWithin, holdHandlers } = useHold();
  const status: RotationStatus = rotationStatus({ items: length, hydrated, reducedMotion, hovered, focusWithin });

  useEffect(() => {
    if (status !== "running") return;
    return startTicker(intervalMs, () => setIndex((current) => nextIndex(current, length)));
  }, [status, intervalMs, length, restarts]);

  const select = useCallback(
    (next: number) => {
      setIndex(wrapIndex(next, length));
      setRestarts((count) => count + 1);
    },
    [length],
  );

  // Kept in range should the list shrink (new content after a revalidation).
  return { index: wrapIndex(index, length), select, status, holdHandlers };
}

export function useProgressRotation({
  length,
  initialIndex = 0,
  tickMs,
  steps,
}: {
  length: number;
  initialIndex?: number;
  tickMs: number;
  steps: number;
}) {
  const [state, dispatch] = useReducer(progressReducer(length, steps), initialIndex, (index) => selectItem(index, length));
  const [userPaused, setUserPaused] = useState(false);
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const { hovered, focusWithin, holdHandlers } = useHold();
  const status: RotationStatus = rotationStatus({ items: length, hydrated, reducedMotion, userPaused, hovered, focusWithin });

  // A new selection from the URL (a client-side navigation to ?service=...) wins.
  const lastInitial = useRef(initialIndex);
  useEffect(() => {
    if (lastInitial.current === initialIndex) return;
    lastInitial.current = initialIndex;
    dispatch({ type: "select", index: initialIndex });
  }, [initialIndex]);

  useEffect(() => {
    if (status !== "running") return;
    return startTicker(tickMs, () => dispatch({ type: "tick" }));
  }, [status, tickMs]);

  const select = useCallback((index: number) => dispatch({ type: "select", index }), []);
  const togglePaused = useCallback(() => setUserPaused((paused) => !paused), []);

  return {
    index: wrapIndex(state.index, length),
    step: state.step,
    percent: progressPercent(state.step, steps),
    select,
    userPaused,
    togglePaused,
    status,
    reducedMotion,
    holdHandlers,
  };
}
