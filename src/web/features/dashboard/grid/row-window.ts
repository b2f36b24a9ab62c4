// Which of a large group's rows are drawn: blocks of rows in and near the scroll box's view
// (docs/decisions/0019-grid-rows-in-view.md), every row while the page is printed.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import classes from '../Grid.module.css';
import type { Density } from './types.ts';

/** A group of up to this many employees is drawn whole; a larger one in blocks, those near the view only. */
export const WHOLE_UP_TO = 40;
/**
 * Rows of a block: drawn or left out together, each block its own <tbody>. Small, so that the rows
 * drawn beyond the view are few: every frame after a change paints all the drawn cells again.
 */
export const BLOCK = 8;
/** The blocks drawn at once, before any is measured (and in the page the server draws): 16 rows. */
const FIRST_DRAWN_BLOCKS = [0, 1];
/** A row's height before one is measured (a compact cell is 30 px high and its border 1 px). */
const ROW_ESTIMATE: Record<'compact' | 'comfortable', number> = { compact: 31, comfortable: 44 };

export type Drawn = {
  has: (block: number) => boolean;
  add: (block: number) => void;
  /** A left-out block's height: as last drawn, or its rows at the last measured row height. */
  height: (block: number, rows: number) => number;
};
type InView = { blocks: ReadonlySet<number>; heights: ReadonlyMap<number, number>; row: number; density: Density };

/**
 * The blocks of rows to draw: those in the scroll box's view or within a quarter of a box height of
 * it, found before the first paint and then followed by an IntersectionObserver as the box scrolls.
 * The block of the keyboard's place (the cell with the tab stop) stays drawn, so focus is never lost.
 */
export function useBlocksInView(tableRef: RefObject<HTMLTableElement | null>, windowed: boolean, blocks: number, perBlock: number, density: Density): Drawn {
  // Drawn at once: the first two blocks. Below the page's header they fill the view when rows are two
  // lines high; when they are not, the layout effect below finds the next block in view and draws it
  // before the first paint. Either way no row out of view is drawn before that paint. (A group drawn
  // whole is one block.)
  const [state, setState] = useState<InView>(() => ({ blocks: new Set(FIRST_DRAWN_BLOCKS), heights: new Map(), row: ROW_ESTIMATE[density], density }));
  // Heights measured in the other density are of no use.
  const current = state.density === density ? state : { blocks: state.blocks, heights: new Map<number, number>(), row: ROW_ESTIMATE[density], density };
  // The state the last render drew, for the layout effect below (set first: effects run in order).
  const latestState = useRef(state);
  useLayoutEffect(() => {
    latestState.current = state;
  });
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!windowed || !table) return;
    const root = table.closest<HTMLElement>(`.${classes.scroller}`);
    // A quarter of a box height of rows drawn above and below the view: scrolling meets drawn rows, and
    // the page holds about one and a half boxes' worth of cells, whatever the group's size.
    const margin = Math.round((root?.clientHeight || window.innerHeight) / 4);
    const bodies = [...table.querySelectorAll<HTMLTableSectionElement>('tbody[data-block]')];
    /** The block of the cell with the tab stop (the first row's, until the keyboard moved it). */
    const pinned = () => Math.floor(Number(table.querySelector<HTMLElement>('td[tabindex="0"]')?.dataset.row ?? 0) / perBlock);
    // Before the first paint: the blocks in view now (those near it follow from the observer, after it).
    const view = root ? root.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    const first = new Set<number>([pinned()]);
    for (const body of bodies) {
      const r = body.getBoundingClientRect();
      if (r.bottom >= view.top && r.top <= Math.min(view.bottom, window.innerHeight)) first.add(Number(body.dataset.block));
    }
    // Those already drawn stay until the observer finds them out of reach: no second render when the
    // first one drew the view already. Not even an update that changes nothing: any update here would
    // run the page's effects (its other requests) before the first paint.
    const drawnNow = latestState.current;
    if (drawnNow.density !== density || ![...first].every((b) => drawnNow.blocks.has(b)))
      setState((prev) => ({ ...prev, blocks: first, ...(prev.density === density ? {} : { heights: new Map(), row: ROW_ESTIMATE[density], density }) }));
    const observer = new IntersectionObserver(
      (entries) => {
        const keep = pinned();
        setState((prev) => {
          const next = new Set(prev.blocks);
          let heights = prev.heights;
          let row = prev.row;
          for (const entry of entries) {
            const body = entry.target as HTMLTableSectionElement;
            const block = Number(body.dataset.block);
            if (body.dataset.drawn !== undefined && entry.boundingClientRect.height > 0) {
              // A drawn block's own height, kept for when it is left out.
              if (heights === prev.heights) heights = new Map(prev.heights);
              (heights as Map<number, number>).set(block, entry.boundingClientRect.height);
              row = entry.boundingClientRect.height / body.rows.length;
            }
            if (entry.isIntersecting || block === keep || body.contains(document.activeElement)) next.add(block);
            else next.delete(block);
          }
          const same = next.size === prev.blocks.size && [...next].every((b) => prev.blocks.has(b));
          return same && heights === prev.heights ? prev : { ...prev, blocks: same ? prev.blocks : next, heights, row };
        });
      },
      { root, rootMargin: `${margin}px 0px` },
    );
    for (const body of bodies) observer.observe(body);
    return () => observer.disconnect();
  }, [tableRef, windowed, blocks, perBlock, density]);
  return {
    has: (block) => current.blocks.has(block),
    add: (block) => setState((prev) => (prev.blocks.has(block) ? prev : { ...prev, blocks: new Set(prev.blocks).add(block) })),
    height: (block, rows) => current.heights.get(block) ?? rows * current.row,
  };
}

/** True while the page is being printed: every row is drawn then. */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const media = window.matchMedia?.('print');
    // beforeprint comes before the page is laid out for paper: draw at once.
    const start = () => flushSync(() => setPrinting(true));
    const end = () => setPrinting(media?.matches ?? false);
    const change = () => (media?.matches ? start() : end());
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', end);
    media?.addEventListener?.('change', change);
    return () => {
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', end);
      media?.removeEventListener?.('change', change);
    };
  }, []);
  return printing;
}
