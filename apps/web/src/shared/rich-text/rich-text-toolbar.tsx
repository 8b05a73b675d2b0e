import {
  BoldIcon,
  H2Icon,
  H3Icon,
  ItalicIcon,
  LinkIcon,
  ListBulletIcon,
  NumberedListIcon,
  UnderlineIcon,
} from '@heroicons/react/20/solid';
import type { Editor } from '@tiptap/react';
import { useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { cx } from '@ats/ui/class-names';

export type ActiveMarks = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  bulletList: boolean;
  orderedList: boolean;
  h2: boolean;
  h3: boolean;
  link: boolean;
};

type Tool = {
  key: keyof ActiveMarks;
  label: string;
  shortcut: string;
  icon: ComponentType<{ className?: string }>;
};

const TOOLS: Tool[] = [
  { key: 'bold', label: 'Полужирный', shortcut: 'Ctrl+B', icon: BoldIcon },
  { key: 'italic', label: 'Курсив', shortcut: 'Ctrl+I', icon: ItalicIcon },
  { key: 'underline', label: 'Подчёркнутый', shortcut: 'Ctrl+U', icon: UnderlineIcon },
  { key: 'h2', label: 'Заголовок 2', shortcut: 'Ctrl+Alt+2', icon: H2Icon },
  { key: 'h3', label: 'Заголовок 3', shortcut: 'Ctrl+Alt+3', icon: H3Icon },
  {
    key: 'bulletList',
    label: 'Маркированный список',
    shortcut: 'Ctrl+Shift+8',
    icon: ListBulletIcon,
  },
  {
    key: 'orderedList',
    label: 'Нумерованный список',
    shortcut: 'Ctrl+Shift+7',
    icon: NumberedListIcon,
  },
  { key: 'link', label: 'Ссылка', shortcut: 'Ctrl+K', icon: LinkIcon },
];

function run(editor: Editor, key: keyof ActiveMarks, onLink: () => void) {
  const chain = editor.chain().focus();
  switch (key) {
    case 'bold':
      return chain.toggleBold().run();
    case 'italic':
      return chain.toggleItalic().run();
    case 'underline':
      return chain.toggleUnderline().run();
    case 'h2':
      return chain.toggleHeading({ level: 2 }).run();
    case 'h3':
      return chain.toggleHeading({ level: 3 }).run();
    case 'bulletList':
      return chain.toggleBulletList().run();
    case 'orderedList':
      return chain.toggleOrderedList().run();
    case 'link':
      return onLink();
  }
}

type Props = {
  label: string;
  editor: Editor;
  active: ActiveMarks;
  onLink: () => void;
};

/** The WAI-ARIA toolbar pattern: one Tab stop, arrows/Home/End move between the buttons. */
export function RichTextToolbar({ label, editor, active, onLink }: Props) {
  const [focused, setFocused] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = TOOLS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? focused === last
          ? 0
          : focused + 1
        : event.key === 'ArrowLeft'
          ? focused === 0
            ? last
            : focused - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label={`Форматирование: ${label}`}
      onKeyDown={onKeyDown}
      className="flex flex-wrap gap-0.5 border-b border-zinc-200 px-1.5 py-1"
    >
      {TOOLS.map((tool, index) => {
        const Icon = tool.icon;
        return (
          <button
            key={tool.key}
            ref={(node) => {
              buttons.current[index] = node;
            }}
            type="button"
            tabIndex={index === focused ? 0 : -1}
            aria-label={tool.label}
            aria-pressed={active[tool.key]}
            title={`${tool.label} (${tool.shortcut})`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setFocused(index);
              run(editor, tool.key, onLink);
            }}
            className={cx(
              'inline-flex size-8 items-center justify-center rounded-md text-zinc-600',
              'hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-600',
              active[tool.key] && 'bg-indigo-50 text-indigo-700',
            )}
          >
            <Icon className="size-4" />
          </button>
        );
      })}
    </div>
  );
}
