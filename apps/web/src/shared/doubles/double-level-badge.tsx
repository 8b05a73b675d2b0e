import { DOUBLE_LEVEL_LABELS, type TDoubleLevel } from '@ats/contracts/duplicates';
import { cx } from '@ats/ui/class-names';

const LEVEL_STYLES: Record<TDoubleLevel, string> = {
  certain: 'bg-red-50 text-red-800 ring-red-200',
  probable: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/** 0.934 → '93 %'. */
export const formatScore = (score: number) => `${Math.round(score * 100)}\u00a0%`;

/** 'Точный дубль · 97 %': the level in words and colour, the score as a percentage. */
export function DoubleLevelBadge({ level, score }: { level: TDoubleLevel; score: number }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        LEVEL_STYLES[level],
      )}
    >
      {DOUBLE_LEVEL_LABELS[level]}
      <span aria-label={`сходство ${formatScore(score)}`}>· {formatScore(score)}</span>
    </span>
  );
}

/** The reasons as short chips: 'совпадает телефон', 'ФИО в латинице'. */
export function DoubleReasons({ reasons }: { reasons: string[] }) {
  if (reasons.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Почему похожи">
      {reasons.map((reason) => (
        <li key={reason} className="rounded-md bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700">
          {reason}
        </li>
      ))}
    </ul>
  );
}
