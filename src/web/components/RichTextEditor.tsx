import { ActionIcon, Box, Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import {
  IconBold,
  IconH1,
  IconH2,
  IconH3,
  IconItalic,
  IconLink,
  IconLinkOff,
  IconList,
  IconListNumbers,
  IconPageBreak,
  IconUnderline,
} from '@tabler/icons-react';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './RichTextEditor.module.css';

// The rich-text editor of emails and letters (tiptap): headings, bold, italic, underline,
// lists and links, the subset the email renderer and the letter renderer both accept.
// The toolbar is one tab stop (arrow keys move inside it, WAI-ARIA toolbar pattern) and
// every button has a label and a pressed state.

interface RichTextEditorProps {
  label: string;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  error?: string;
  description?: ReactNode;
  /** Id of the editable area, so a form can focus it on an error. */
  id?: string;
  /** A "Sivunvaihto" button inserting `<hr>`, the letter-page separator (invoice descriptions only). */
  pageBreaks?: boolean;
}

const EMPTY_DOC = '<p></p>';

function extensions(pageBreaks: boolean) {
  return [
    // Only what both renderers handle: no code, quotes, rules or strike-through. A rule is a
    // page break where the text is split into pages (invoices), so only there is it allowed.
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      code: false,
      codeBlock: false,
      blockquote: false,
      ...(pageBreaks ? {} : { horizontalRule: false as const }),
      strike: false,
      link: false,
    }),
    Link.configure({
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['http', 'https', 'mailto'],
      HTMLAttributes: { rel: 'noopener noreferrer', target: null },
    }),
  ];
}

/** The editor's HTML, with an empty document as the empty string. */
export const editorHtml = (editor: Editor): string => (editor.isEmpty ? '' : editor.getHTML());

export function RichTextEditor({ label, value, onChange, error, description, id, pageBreaks = false }: RichTextEditorProps) {
  const generatedId = useId();
  const areaId = id ?? `rte-${generatedId}`;
  const labelId = `${areaId}-label`;
  const errorId = `${areaId}-error`;
  const descriptionId = `${areaId}-description`;
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  const editor = useEditor({
    extensions: extensions(pageBreaks),
    content: value || EMPTY_DOC,
    editorProps: {
      attributes: {
        id: areaId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(editorHtml(e)),
  });

  // A value set from outside (a loaded draft, media switched back) replaces the document.
  // An editor tiptap has already destroyed (its instance is replaced after a remount, e.g. when a
  // suspended page shows again) has no document: touching it threw and crashed the composer.
  useEffect(() => {
    if (editor.isDestroyed) return;
    if (editorHtml(editor) !== value) editor.commands.setContent(value || EMPTY_DOC, { emitUpdate: false });
  }, [editor, value]);

  // Attributes follow the error state (tiptap reads editorProps once).
  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          id: areaId,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(error ? { 'aria-invalid': 'true' } : {}),
        },
      },
    });
  }, [editor, areaId, labelId, describedBy, error]);

  return (
    <Stack gap={4}>
      {/* Not a <label>: the editable area is no form control; it is named by aria-labelledby. */}
      <Text id={labelId} fw={500} size="sm" onClick={() => editor.commands.focus()}>
        {label}
      </Text>
      {description ? (
        <Text id={descriptionId} size="xs" c="dimmed">
          {description}
        </Text>
      ) : null}
      <Box className={`${classes.frame} ${error ? classes.frameError : ''}`}>
        <Toolbar editor={editor} label={label} pageBreaks={pageBreaks} />
        <EditorContent editor={editor} className={classes.content} data-testid="rich-text-editor" />
      </Box>
      {error ? (
        <Text id={errorId} size="sm" c="red.8">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

interface ToolButton {
  key: string;
  label: string;
  icon: ReactNode;
  active: boolean;
  run: () => void;
}

function Toolbar({ editor, label, pageBreaks }: { editor: Editor; label: string; pageBreaks: boolean }) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const buttons: ToolButton[] = [
    { key: 'h1', label: t('rte.heading1'), icon: <IconH1 size={18} aria-hidden />, active: state.h1, run: () => chain().toggleHeading({ level: 1 }).run() },
    { key: 'h2', label: t('rte.heading2'), icon: <IconH2 size={18} aria-hidden />, active: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: t('rte.heading3'), icon: <IconH3 size={18} aria-hidden />, active: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bold', label: t('rte.bold'), icon: <IconBold size={18} aria-hidden />, active: state.bold, run: () => chain().toggleBold().run() },
    { key: 'italic', label: t('rte.italic'), icon: <IconItalic size={18} aria-hidden />, active: state.italic, run: () => chain().toggleItalic().run() },
    { key: 'underline', label: t('rte.underline'), icon: <IconUnderline size={18} aria-hidden />, active: state.underline, run: () => chain().toggleUnderline().run() },
    { key: 'bullet', label: t('rte.bullet_list'), icon: <IconList size={18} aria-hidden />, active: state.bullet, run: () => chain().toggleBulletList().run() },
    { key: 'ordered', label: t('rte.ordered_list'), icon: <IconListNumbers size={18} aria-hidden />, active: state.ordered, run: () => chain().toggleOrderedList().run() },
    { key: 'link', label: state.link ? t('rte.edit_link') : t('rte.add_link'), icon: <IconLink size={18} aria-hidden />, active: state.link, run: () => setLinkOpen(true) },
    ...(pageBreaks ? [{ key: 'page_break', label: t('rte.page_break'), icon: <IconPageBreak size={18} aria-hidden />, active: false, run: () => chain().setHorizontalRule().run() }] : []),
  ];
  const [current, setCurrent] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = buttons.length - 1;
    const move = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = move < 0 ? last : move > last ? 0 : move;
    setCurrent(next);
    refs.current[next]?.focus();
  };

  return (
    <>
      <div role="toolbar" aria-label={t('rte.toolbar', { label })} className={classes.toolbar} onKeyDown={onKeyDown}>
        {buttons.map((b, i) => (
          <Tooltip key={b.key} label={b.label} openDelay={400}>
            <ActionIcon
              ref={(el) => {
                refs.current[i] = el;
              }}
              variant={b.active ? 'filled' : 'subtle'}
              color={b.active ? 'blue' : 'gray'}
              size="lg"
              aria-label={b.label}
              aria-pressed={b.key === 'link' || b.key === 'page_break' ? undefined : b.active}
              tabIndex={i === current ? 0 : -1}
              onFocus={() => setCurrent(i)}
              onClick={b.run}
              data-testid={`rte-${b.key}`}
            >
              {b.icon}
            </ActionIcon>
          </Tooltip>
        ))}
      </div>
      <LinkModal editor={editor} opened={linkOpen} onClose={() => setLinkOpen(false)} />
    </>
  );
}

/** Adds, changes or removes the link of the selection. */
function LinkModal({ editor, opened, onClose }: { editor: Editor; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [href, setHref] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const existing = editor.isActive('link');

  useEffect(() => {
    if (opened) {
      setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      setProblem(null);
    }
  }, [opened, editor]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The modal is portaled, but React bubbles its submit to a form around the editor.
    event.stopPropagation();
    const url = normaliseHref(href);
    if (!url) {
      setProblem(t('rte.link_invalid'));
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // With nothing selected the address itself becomes the link text.
    if (editor.state.selection.empty && !existing) chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    else chain.setLink({ href: url }).run();
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={existing ? t('rte.edit_link') : t('rte.add_link')} closeButtonProps={{ 'aria-label': t('common.close') }} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('rte.link_address')}
            description={t('rte.link_help')}
            value={href}
            onChange={(e) => {
              setHref(e.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
            data-autofocus
            inputMode="url"
          />
          <Group justify="flex-end" gap="sm">
            {existing ? (
              <Button variant="subtle" color="red" leftSection={<IconLinkOff size={18} aria-hidden />} onClick={remove}>
                {t('rte.remove_link')}
              </Button>
            ) : null}
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('rte.link_save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** An address as typed ("seura.fi/x", "https://…", "mailto:…") as a link target, or null when it is none. */
export function normaliseHref(input: string): string | null {
  const text = input.trim();
  if (text === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? `mailto:${text}` : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol === 'mailto:') return url.pathname.includes('@') ? withScheme : null;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.includes('.') ? url.href : null;
  } catch {
    return null;
  }
}
