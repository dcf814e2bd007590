import { ActionIcon, Group, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { type DragEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveItem } from './reorder';

// Reordering a list two ways (drag-and-drop, keyboard accessible too):
// rows can be dragged with the mouse (plain HTML5 drag events), and every row has
// "Siirrä ylös" / "Siirrä alas" buttons for the keyboard and screen readers. A live
// region tells where the item went.

interface Item {
  id: number;
}

export interface RowDragProps {
  draggable: boolean;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  'data-dragging'?: true;
  'data-drop-target'?: true;
}

export interface ReorderableList {
  /** Spread on each row (a `<tr>` or `<li>`). */
  rowProps: (index: number) => RowDragProps;
  /** The up/down buttons of a row; `label` names the item for screen readers. */
  moveButtons: (index: number, label: string) => ReactElement;
  /** The polite live region announcing moves; render it once near the list. */
  announcer: ReactElement;
}

const MIME = 'application/x-seura-reorder';

export function useReorderableList<T extends Item>(
  items: readonly T[],
  labelOf: (item: T) => string,
  onReorder: (next: T[]) => void,
  enabled = true,
): ReorderableList {
  const { t } = useTranslation();
  const [dragId, setDragId] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: number; dir: 'up' | 'down'; index: number } | null>(
    null,
  );

  // The order the user last made. Moves follow each other faster than the list is
  // re-rendered (a key held down), so each move starts from this, not from the render's `items`.
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  }, [items]);

  /** Moves the item `id` to index `to` (clamped to the list); returns the index it got. */
  const move = (id: number, to: (from: number) => number): number | null => {
    const list = latest.current;
    const from = list.findIndex((item) => item.id === id);
    const target = to(from);
    const item = list[from];
    if (!item || target < 0 || target >= list.length || from === target) return null;
    const next = moveItem(list, from, target);
    latest.current = next;
    onReorder(next);
    setMessage(t('reorder.moved', { label: labelOf(item), position: target + 1, count: list.length }));
    return target;
  };

  // Keep keyboard focus on the moved row: on the same button, or on the other one
  // when the row reached the top or bottom and its button turned disabled.
  useEffect(() => {
    if (!focusAfterMove) return;
    const { id, dir, index } = focusAfterMove;
    // The list takes the new order a moment later (the cache is updated asynchronously).
    if (items[index]?.id !== id) return;
    const find = (d: string) =>
      document.querySelector<HTMLButtonElement>(`[data-reorder-id="${String(id)}"][data-reorder-dir="${d}"]`);
    const same = find(dir);
    const target = same && !same.disabled ? same : find(dir === 'up' ? 'down' : 'up');
    target?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, items]);

  const reset = () => {
    setDragId(null);
    setOverIndex(null);
  };

  const rowProps = (index: number): RowDragProps => {
    const id = items[index]?.id ?? 0;
    return {
      draggable: enabled,
      onDragStart: (event) => {
        if (!enabled) return;
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData(MIME, String(id));
        // Some browsers start a drag only with a text payload.
        event.dataTransfer.setData('text/plain', labelOf(items[index] as T));
        setDragId(id);
      },
      onDragOver: (event) => {
        if (dragId === null) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        if (overIndex !== index) setOverIndex(index);
      },
      onDrop: (event) => {
        if (dragId === null) return;
        event.preventDefault();
        const targetId = id;
        move(dragId, () => latest.current.findIndex((item) => item.id === targetId));
        reset();
      },
      onDragEnd: reset,
      ...(dragId === id ? { 'data-dragging': true as const } : {}),
      ...(overIndex === index && dragId !== null && dragId !== id ? { 'data-drop-target': true as const } : {}),
    };
  };

  const moveButtons = (index: number, label: string) => {
    const item = items[index];
    const id = item?.id ?? 0;
    const click = (dir: 'up' | 'down') => () => {
      const to = move(id, (from) => (dir === 'up' ? from - 1 : from + 1));
      if (to !== null) setFocusAfterMove({ id, dir, index: to });
    };
    return (
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={click('up')}
          disabled={!enabled || index === 0}
          aria-label={t('reorder.move_up', { label })}
          title={t('reorder.move_up', { label })}
          data-reorder-id={id}
          data-reorder-dir="up"
        >
          <IconArrowUp size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={click('down')}
          disabled={!enabled || index === items.length - 1}
          aria-label={t('reorder.move_down', { label })}
          title={t('reorder.move_down', { label })}
          data-reorder-id={id}
          data-reorder-dir="down"
        >
          <IconArrowDown size={18} aria-hidden />
        </ActionIcon>
      </Group>
    );
  };

  const announcer = (
    <VisuallyHidden role="status" aria-live="polite">
      {message}
    </VisuallyHidden>
  );

  return { rowProps, moveButtons, announcer };
}
