import { useViewportSize } from '../../shared/use-viewport-size';

// SPEC.md §9: 4 columns, 36 frames each, only on screens wider than 800 px.
export const ANIMATION_COLUMNS = 4;
export const ANIMATION_FRAMES = 36;
export const ANIMATION_MIN_WIDTH = 800;

const FRAME_W = 72;
const FRAME_H = 104;
const COLORS = ['#6366f1', '#0ea5e9', '#10b981', '#f59e0b'];

/** One frame: a candidate card whose progress bar fills and whose badge bobs. */
function Frame({ index, column }: { index: number; column: number }) {
  const phase = ((index + column * 9) % ANIMATION_FRAMES) / ANIMATION_FRAMES;
  const fill = Math.round(phase * 44);
  const bob = Math.sin(phase * Math.PI * 2) * 4;
  const y = index * FRAME_H;
  const color = COLORS[column] ?? COLORS[0];
  return (
    <g transform={`translate(0 ${y})`}>
      <rect x="6" y="10" width="60" height="84" rx="10" fill="#fff" stroke="#e4e4e7" />
      <circle cx="36" cy={34 + bob} r="11" fill={color} opacity="0.9" />
      <rect x="18" y="56" width="36" height="5" rx="2.5" fill="#e4e4e7" />
      <rect x="14" y="70" width="44" height="6" rx="3" fill="#f4f4f5" />
      <rect x="14" y="70" width={fill} height="6" rx="3" fill={color} />
    </g>
  );
}

export function DeactivatedAnimation() {
  const { width, isResizing } = useViewportSize();
  if (width <= ANIMATION_MIN_WIDTH || isResizing) return null;
  return (
    <div
      className="flex justify-center gap-4"
      aria-hidden="true"
      data-testid="deactivated-animation"
    >
      {Array.from({ length: ANIMATION_COLUMNS }, (_, column) => (
        <div key={column} className="overflow-hidden" style={{ width: FRAME_W, height: FRAME_H }}>
          <svg
            className="filmstrip block"
            width={FRAME_W}
            height={FRAME_H * ANIMATION_FRAMES}
            viewBox={`0 0 ${FRAME_W} ${FRAME_H * ANIMATION_FRAMES}`}
            style={{ animationDelay: `${column * -0.45}s` }}
          >
            {Array.from({ length: ANIMATION_FRAMES }, (_, index) => (
              <Frame key={index} index={index} column={column} />
            ))}
          </svg>
        </div>
      ))}
    </div>
  );
}
