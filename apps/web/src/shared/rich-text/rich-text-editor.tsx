import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { cx } from '@ats/ui/class-names';
import { RICH_TEXT_CLASS } from './rich-text-view';
import { RichTextLinkForm } from './rich-text-link-form';
import { RichTextToolbar } from './rich-text-toolbar';

export type RichTextEditorProps = {
  /** The accessible name of the editable area (the visible label says the same). */
  label: string;
  /** HTML; '' for empty. */
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  id?: string;
};

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * A small rich-text editor (TipTap): bold, italic, underline, lists, headings h2/h3 and links.
 * It writes HTML; the API cleans it to the same set of tags. Keyboard: the usual shortcuts
 * (Ctrl+B/I/U, Ctrl+Shift+7/8 lists, Ctrl+Alt+2/3 headings, Ctrl+K link), and the toolbar is one
 * Tab stop whose buttons are walked with the arrow keys.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  invalid,
  describedBy,
  id,
}: RichTextEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const lastEmitted = useRef(value);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
        },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(id ? { id } : {}),
        class: cx(RICH_TEXT_CLASS, 'min-h-28 px-3 py-2 focus:outline-none'),
      },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          setLinkOpen(true);
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      lastEmitted.current = html;
      onChangeRef.current(html);
    },
  });

  // A value set from outside (a template, a reset) replaces the content; our own echo does not.
  useEffect(() => {
    if (!editor || value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // The editable's ARIA state follows the form (editorProps are read once, at creation). The
  // editor's view exists only once its content is mounted, which may come after this effect (a
  // form loaded when it is opened): then it is set on the editor's `mount`.
  useEffect(() => {
    if (!editor) return;
    const apply = () => {
      const dom = mountedDom(editor);
      if (!dom) return;
      if (invalid) dom.setAttribute('aria-invalid', 'true');
      else dom.removeAttribute('aria-invalid');
      if (describedBy) dom.setAttribute('aria-describedby', describedBy);
      else dom.removeAttribute('aria-describedby');
    };
    apply();
    editor.on('mount', apply);
    return () => {
      editor.off('mount', apply);
    };
  }, [editor, invalid, describedBy]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      link: current.isActive('link'),
    }),
  });

  return (
    <div
      className={cx(
        'rounded-lg bg-white shadow-sm ring-1 ring-inset focus-within:ring-2',
        invalid
          ? 'ring-red-400 focus-within:ring-red-500'
          : 'ring-zinc-300 focus-within:ring-indigo-600',
      )}
    >
      <RichTextToolbar
        label={label}
        editor={editor}
        active={active}
        onLink={() => setLinkOpen(true)}
      />
      {linkOpen && (
        <RichTextLinkForm
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onApply={(href) => {
            const chain = editor.chain().focus().extendMarkRange('link');
            if (href) chain.setLink({ href }).run();
            else chain.unsetLink().run();
            setLinkOpen(false);
          }}
          onCancel={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
        />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}

/** The editable element, or null while the editor is not mounted (its view throws then). */
function mountedDom(editor: Editor): HTMLElement | null {
  if (editor.isDestroyed) return null;
  try {
    return editor.view.dom;
  } catch {
    return null;
  }
}
