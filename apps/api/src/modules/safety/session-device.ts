import type { TSessionDevice } from '@ats/contracts/safety';

// Order matters: Edge, Opera and Yandex carry "Chrome" in their agents too, Chrome carries "Safari".
const BROWSERS: [RegExp, string][] = [
  [/YaBrowser\//, 'Яндекс Браузер'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const firstMatch = (agent: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(agent))?.[1] ?? null;

/** The browser and system a session was opened from, as far as its User-Agent tells. */
export function describeDevice(userAgent: string | null, source: 'web' | 'plugin'): TSessionDevice {
  const agent = userAgent ?? '';
  const browser = firstMatch(agent, BROWSERS);
  const os = firstMatch(agent, SYSTEMS);
  const where = [browser, os].filter(Boolean).join(', ');
  if (source === 'plugin') {
    return { browser, os, label: where ? `Расширение браузера (${where})` : 'Расширение браузера' };
  }
  return { browser, os, label: where || 'Неизвестное устройство' };
}
