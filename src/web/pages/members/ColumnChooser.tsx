import { Button, Checkbox, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef, ColumnSection } from './memberColumns';

interface ColumnChooserProps {
  available: readonly ColumnDef[];
  chosen: readonly string[];
  onChange: (columns: string[]) => void;
}

/** "Sarakkeet": which fields, flags and groups the list shows beside the name. */
export function ColumnChooser({ available, chosen, onChange }: ColumnChooserProps) {
  const { t } = useTranslation();
  const sections: { section: ColumnSection; title: string }[] = [
    { section: 'fixed', title: t('member_list.columns_fixed') },
    { section: 'custom', title: t('member_list.columns_custom') },
    { section: 'flag', title: t('member_list.columns_flags') },
    { section: 'group', title: t('member_list.columns_groups') },
  ];
  // Columns keep the order of the chooser (form order), whatever order they were ticked in.
  const toggle = (name: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(name);
    else next.delete(name);
    onChange(available.filter((c) => next.has(c.name)).map((c) => c.name));
  };

  return (
    <Popover
      position="bottom-start"
      shadow="md"
      width={320}
      trapFocus
      // The list grows with every field and group: it stays within the window and scrolls
      // inside, so the page never has to scroll under an open chooser (on a phone least of all).
      middlewares={{
        flip: true,
        shift: true,
        size: {
          padding: 8,
          apply: ({ availableHeight, elements }) => elements.floating.style.setProperty('--chooser-max-height', `${Math.max(160, Math.floor(availableHeight) - 32)}px`),
        },
      }}
    >
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={18} aria-hidden />}>
          {t('member_list.columns', { n: chosen.length })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah="min(420px, var(--chooser-max-height, 420px))" type="auto">
          <Stack gap="md" pr="xs">
            {sections.map(({ section, title }) => {
              const columns = available.filter((c) => c.section === section);
              if (columns.length === 0) return null;
              return (
                <Stack key={section} gap={6} component="fieldset" style={{ border: 0, margin: 0, padding: 0 }}>
                  <Text component="legend" fw={600} size="sm" mb={4}>
                    {title}
                  </Text>
                  {columns.map((c) => (
                    <Checkbox key={c.name} label={c.label} checked={chosen.includes(c.name)} onChange={(e) => toggle(c.name, e.currentTarget.checked)} />
                  ))}
                </Stack>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
