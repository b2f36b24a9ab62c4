// The edit and delete buttons at the end of a list screen's row: icons with a name a screen reader
// says (the row's own words: "Edit Anna Nowak") and the same name as a tooltip on hover.
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

export interface RowAction {
  /** The button's name, naming the row ("Delete flight LO123"). */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** Shows a spinner while this row's write runs. */
  loading?: boolean;
}

export function RowActions({ edit, remove }: { edit?: RowAction; remove?: RowAction }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {edit && (
        <Tooltip label={edit.label} openDelay={400}>
          <ActionIcon variant="subtle" aria-label={edit.label} onClick={edit.onClick} disabled={edit.disabled} loading={edit.loading}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {remove && (
        <Tooltip label={remove.label} openDelay={400}>
          <ActionIcon variant="subtle" color="red" aria-label={remove.label} onClick={remove.onClick} disabled={remove.disabled} loading={remove.loading}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
