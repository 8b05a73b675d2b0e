import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

// SPEC.md §3 «Icon choice»: a fixed list of 98 named icons a user may pick to label tags, stages,
// résumé sources and divisions. The one list both the API (which refuses any other name) and the
// web (which draws each from @heroicons/react outline by the same name) use.

/** The 98 icon names, kebab-case, as the heroicons outline set names them. */
export const ICON_NAMES = [
  'academic-cap',
  'adjustments-horizontal',
  'archive-box',
  'arrow-path',
  'arrow-trending-up',
  'at-symbol',
  'banknotes',
  'bars-3',
  'beaker',
  'bell',
  'bolt',
  'book-open',
  'bookmark',
  'briefcase',
  'bug-ant',
  'building-library',
  'building-office',
  'building-office-2',
  'building-storefront',
  'calculator',
  'calendar',
  'calendar-days',
  'camera',
  'chart-bar',
  'chart-pie',
  'chat-bubble-left',
  'chat-bubble-left-right',
  'check-badge',
  'check-circle',
  'clipboard',
  'clipboard-document-check',
  'clock',
  'cloud',
  'code-bracket',
  'cog-6-tooth',
  'command-line',
  'computer-desktop',
  'cpu-chip',
  'credit-card',
  'cube',
  'currency-dollar',
  'device-phone-mobile',
  'document',
  'document-text',
  'envelope',
  'exclamation-triangle',
  'eye',
  'face-smile',
  'film',
  'fire',
  'flag',
  'folder',
  'gift',
  'globe-alt',
  'hand-thumb-up',
  'hashtag',
  'heart',
  'home',
  'identification',
  'inbox',
  'key',
  'language',
  'light-bulb',
  'link',
  'lock-closed',
  'map',
  'map-pin',
  'megaphone',
  'microphone',
  'newspaper',
  'paint-brush',
  'paper-airplane',
  'paper-clip',
  'pencil',
  'phone',
  'photo',
  'puzzle-piece',
  'presentation-chart-line',
  'question-mark-circle',
  'receipt-percent',
  'rocket-launch',
  'scale',
  'scissors',
  'shield-check',
  'shopping-bag',
  'shopping-cart',
  'sparkles',
  'star',
  'tag',
  'trophy',
  'truck',
  'user',
  'user-group',
  'users',
  'video-camera',
  'wallet',
  'wrench',
  'wrench-screwdriver',
] as const;

export type TIconName = (typeof ICON_NAMES)[number];

const NAMES: ReadonlySet<string> = new Set(ICON_NAMES);

export const isIconName = (value: unknown): value is TIconName =>
  typeof value === 'string' && NAMES.has(value);

export const UNKNOWN_ICON = 'Неизвестная иконка: выберите одну из 98 в списке';

/** An icon in a request: one of the 98 names. */
export const ZIconName = lazySchema(() => z.enum(ICON_NAMES, { error: UNKNOWN_ICON }));

/** The icon field of a create or update request: absent keeps it, null clears it. */
export const ZIconField = lazySchema(() => ZIconName.nullish());

/**
 * The icon in an answer: a name of the list, or null when the item has none. Optional, so every
 * answer that names such an item keeps its shape for clients that never heard of icons.
 */
export const ZIconAnswer = lazySchema(() => z.string().nullish());
