export type StageCount = { status_id: number; name: string; color: string; count: number };

/** 'Новый — 3, Интервью с HR — 1' for screen readers and the tooltip. */
export const stageCountsText = (stages: StageCount[]) =>
  stages.map((stage) => `${stage.name} — ${stage.count}`).join(', ');

/**
 * Applicants per stage as one thin stacked bar: a segment per stage that has anyone, as wide as
 * its share. The numbers themselves are in the accessible name and the tooltip.
 */
export function StageBar({ stages, label }: { stages: StageCount[]; label?: string }) {
  const total = stages.reduce((sum, stage) => sum + stage.count, 0);
  const text = total ? stageCountsText(stages.filter((s) => s.count > 0)) : 'Кандидатов нет';
  return (
    <div
      role="img"
      aria-label={label ? `${label}: ${text}` : text}
      title={text}
      className="flex h-2 w-full overflow-hidden rounded-full bg-zinc-100"
    >
      {total > 0 &&
        stages
          .filter((stage) => stage.count > 0)
          .map((stage) => (
            <span
              key={stage.status_id}
              className="h-full"
              style={{ width: `${(stage.count / total) * 100}%`, backgroundColor: stage.color }}
            />
          ))}
    </div>
  );
}
