// The one action menu of the dashboard, anchored to the active cell. It lives apart from the grid,
// so opening or closing it renders only this component. Clicking the same cell again, clicking
// outside, Escape or choosing an action closes it.
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { createPortal } from 'react-dom';
import classes from '../Grid.module.css';

export type MenuAction = 'schedule' | 'timeOff' | 'event' | 'cover' | 'deleteShift' | 'deleteTimeOff' | 'deleteEvent';
/** A delete is shown apart from the other actions, in red; it is the keyboard's way to a badge's × button. */
export type MenuItem = { action: MenuAction; label: string; destructive?: boolean };
export type CellMenuApi = {
  toggle: (anchor: HTMLElement, employeeId: string, date: string, viaKeyboard: boolean) => void;
  close: () => void;
};

type Open = { anchor: HTMLElement; employeeId: string; date: string; viaKeyboard: boolean };

type Props = {
  ref: Ref<CellMenuApi>;
  /** The menu's items and label for a cell, read when it opens; `notes`, why its shift breaks a rule. */
  describe: (employeeId: string, date: string) => { label: string; items: MenuItem[]; notes?: string[] };
  onAction: (action: MenuAction, employeeId: string, date: string) => void;
};

export function CellMenu({ ref, describe, onAction }: Props) {
  const [open, setOpen] = useState<Open | null>(null);
  const [position, setPosition] = useState<{ top: number; left: number }>({ top: 0, left: 0 });
  const menuRef = useRef<HTMLDivElement>(null);
  // The open cell as event handlers see it, updated with the state (never during render).
  const openRef = useRef<Open | null>(null);

  const close = useCallback((returnFocus: boolean) => {
    const current = openRef.current;
    if (!current) return;
    current.anchor.removeAttribute('data-open');
    current.anchor.removeAttribute('aria-expanded');
    openRef.current = null;
    setOpen(null);
    if (returnFocus) current.anchor.focus();
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      toggle(anchor, employeeId, date, viaKeyboard) {
        const current = openRef.current;
        if (current && current.anchor === anchor) {
          close(viaKeyboard);
          return;
        }
        current?.anchor.removeAttribute('data-open');
        current?.anchor.removeAttribute('aria-expanded');
        anchor.setAttribute('data-open', '');
        anchor.setAttribute('aria-expanded', 'true');
        openRef.current = { anchor, employeeId, date, viaKeyboard };
        setOpen(openRef.current);
      },
      close: () => close(false),
    }),
    [close],
  );

  // Place the menu under the cell (above it when there is no room), and follow the cell on scroll.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const rect = open.anchor.getBoundingClientRect();
      const menu = menuRef.current;
      const height = menu?.offsetHeight ?? 120;
      const width = menu?.offsetWidth ?? 200;
      const below = rect.bottom + 2;
      const top = below + height > window.innerHeight && rect.top - height - 2 > 0 ? rect.top - height - 2 : below;
      const left = Math.max(4, Math.min(rect.left, window.innerWidth - width - 4));
      setPosition({ top, left });
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    if (open.viaKeyboard) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || open.anchor.contains(target)) return;
      close(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  if (!open) return null;
  const { label, items, notes = [] } = describe(open.employeeId, open.date);

  const onMenuKey = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    let next = -1;
    if (event.key === 'ArrowDown') next = (at + 1) % entries.length;
    else if (event.key === 'ArrowUp') next = (at - 1 + entries.length) % entries.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = entries.length - 1;
    else if (event.key === 'Tab') {
      close(false);
      return;
    }
    if (next >= 0) {
      event.preventDefault();
      entries[next]?.focus();
    }
  };

  return createPortal(
    <div ref={menuRef} className={classes.menu} style={{ top: position.top, left: position.left }}>
      {/* Why the day's shift breaks a rule: on a touch screen, where nothing hovers, it is said here. */}
      {notes.length > 0 && (
        <ul className={classes.menuNotes} data-testid="cell-menu-notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <div role="menu" tabIndex={-1} aria-label={label} onKeyDown={onMenuKey} data-testid="cell-menu">
        {items.map((item, i) => [
          item.destructive && !items[i - 1]?.destructive ? <div key="separator" role="separator" className={classes.menuSeparator} /> : null,
          <button
            key={item.action}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={item.destructive ? `${classes.menuItem} ${classes.menuDelete}` : classes.menuItem}
            onClick={() => {
              const { employeeId, date } = open;
              close(true);
              onAction(item.action, employeeId, date);
            }}
          >
            {item.label}
          </button>,
        ])}
      </div>
    </div>,
    document.body,
  );
}

/** Hover details of a badge: one floating card for the whole page. */
export type DetailsApi = { show: (badge: HTMLElement | null) => void };

export function BadgeDetails({ ref, render }: { ref: Ref<DetailsApi>; render: (kind: string, employeeId: string, date: string) => ReactNode }) {
  const [badge, setBadge] = useState<HTMLElement | null>(null);
  useImperativeHandle(ref, () => ({ show: (b) => setBadge((current) => (current === b ? current : b)) }), []);
  useEffect(() => {
    if (!badge) return;
    const hide = () => setBadge(null);
    window.addEventListener('scroll', hide, true);
    return () => window.removeEventListener('scroll', hide, true);
  }, [badge]);
  if (!badge || !badge.isConnected) return null;
  const cell = badge.closest<HTMLElement>('td[data-emp]');
  if (!cell) return null;
  const rect = badge.getBoundingClientRect();
  const top = rect.bottom + 4 + 120 > window.innerHeight ? Math.max(4, rect.top - 124) : rect.bottom + 4;
  const left = Math.max(4, Math.min(rect.left, window.innerWidth - 290));
  return createPortal(
    <div className={classes.details} style={{ top, left }} role="tooltip" data-testid="badge-details">
      {render(badge.dataset.badge!, cell.dataset.emp!, cell.dataset.date!)}
    </div>,
    document.body,
  );
}
