// The actions at the end of a list screen's row, one look on every list: icon buttons (approve,
// reject, edit, delete, in that order) with a name a screen reader says (the row's own words: "Edit
// Anna Nowak") and the same name as a tooltip on hover, and, for a row with more to do than fits,
// a "⋯" button naming the row that opens a menu of the rest (arrow keys move in it, Escape closes it).
import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconDots, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface RowAction {
  /** The button's name, naming the row ("Delete flight LO123"). */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** Shows a spinner while this row's write runs. */
  loading?: boolean;
}

interface RowMenuItem {
  /** The item's name; the menu's own name already says which row it is for. */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** Destroys something for good (a delete): said in red. */
  danger?: boolean;
}

export interface RowMenu {
  /** The "⋯" button's name, naming the row ("Actions for anna@example.com"). */
  label: string;
  items: RowMenuItem[];
}

function RowButton({ action, color, icon }: { action: RowAction; color?: string; icon: ReactNode }) {
  return (
    <Tooltip label={action.label} openDelay={400}>
      <ActionIcon variant="subtle" color={color} aria-label={action.label} onClick={action.onClick} disabled={action.disabled} loading={action.loading}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

export function RowActions({
  approve,
  reject,
  edit,
  remove,
  menu,
}: {
  approve?: RowAction;
  reject?: RowAction;
  edit?: RowAction;
  remove?: RowAction;
  menu?: RowMenu;
}) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {approve && <RowButton action={approve} color="green.8" icon={<IconCheck size={18} />} />}
      {reject && <RowButton action={reject} color="orange.9" icon={<IconX size={18} />} />}
      {edit && <RowButton action={edit} icon={<IconPencil size={18} />} />}
      {remove && <RowButton action={remove} color="red" icon={<IconTrash size={18} />} />}
      {menu && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={menu.label}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {menu.items.map((item) => (
              <Menu.Item key={item.label} color={item.danger ? 'red.9' : undefined} disabled={item.disabled} onClick={item.onClick}>
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
