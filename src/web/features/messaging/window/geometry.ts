/** Where the floating chat window may sit (pure, so the rules are tested without a browser). */
export interface Point {
  x: number;
  y: number;
}

export const WINDOW_SIZE = { width: 360, height: 520 };
/** Kept free on the right for the support launcher and the minimized-chat button (1280 px and up). */
const RIGHT_GUTTER = 64;
const MARGIN = 8;
/** Below the sticky header (h-16). */
const TOP = 64 + MARGIN;
export const KEY_STEP = 24;
export const KEY_STEP_LARGE = 96;

/** Keeps the whole window inside the viewport (its title bar below the header). */
export function clampPosition(p: Point, viewportWidth: number, viewportHeight: number): Point {
  const height = Math.min(WINDOW_SIZE.height, viewportHeight - 16);
  const maxX = Math.max(MARGIN, viewportWidth - WINDOW_SIZE.width - MARGIN);
  const maxY = Math.max(MARGIN, viewportHeight - height - MARGIN);
  return {
    x: Math.round(Math.min(Math.max(p.x, MARGIN), maxX)),
    y: Math.round(Math.min(Math.max(p.y, Math.min(TOP, maxY)), maxY)),
  };
}

/** Bottom right, clear of the floating buttons in the right margin. */
export function defaultPosition(viewportWidth: number, viewportHeight: number): Point {
  return clampPosition(
    { x: viewportWidth - WINDOW_SIZE.width - RIGHT_GUTTER, y: viewportHeight - WINDOW_SIZE.height - 16 },
    viewportWidth,
    viewportHeight,
  );
}

/** Arrow keys move the window by 24 px (96 px with Shift); other keys do nothing. */
export function moveByKey(p: Point, key: string, large: boolean): Point | null {
  const step = large ? KEY_STEP_LARGE : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { x: p.x - step, y: p.y };
    case 'ArrowRight':
      return { x: p.x + step, y: p.y };
    case 'ArrowUp':
      return { x: p.x, y: p.y - step };
    case 'ArrowDown':
      return { x: p.x, y: p.y + step };
    default:
      return null;
  }
}
