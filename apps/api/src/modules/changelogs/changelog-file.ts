export type ChangelogEntry = {
  slug: string;
  releaseDate: string;
  title: string;
  summary: string;
  body: string;
};

const HEADING = /^## (\d{4}-\d{2}-\d{2}) — (.+)$/;

/**
 * docs/CHANGELOG.md holds one section per release: `## YYYY-MM-DD — Title`, then a first paragraph
 * (the summary shown in lists) and any further text (the body).
 */
export function parseChangelog(markdown: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  let current: { releaseDate: string; title: string; lines: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    const text = current.lines.join('\n').trim();
    const [summary = '', ...rest] = text.split(/\n\s*\n/);
    entries.push({
      slug: `${current.releaseDate}-${current.title}`.toLowerCase().replace(/\s+/g, '-'),
      releaseDate: current.releaseDate,
      title: current.title.trim(),
      summary: summary.replace(/\s*\n\s*/g, ' ').trim(),
      body: rest.join('\n\n').trim(),
    });
  };
  for (const line of markdown.split('\n')) {
    const heading = HEADING.exec(line.trim());
    if (heading) {
      flush();
      current = { releaseDate: heading[1]!, title: heading[2]!, lines: [] };
    } else if (current) {
      current.lines.push(line);
    }
  }
  flush();
  return entries;
}
