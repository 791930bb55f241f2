import { useEffect, useRef } from 'react';
import { Gantt } from '@visactor/vtable-gantt';
import type { GanttData } from './mfg-api.ts';
import { LEAD_PX, openingTime } from './gantt-opening.ts';

interface Props {
  data: GanttData;
  from: string;
  to: string;
  centreTitle: string;
  woTitle: string;
  /** a bar was dragged: its work order and new start ('YYYY-MM-DD HH:mm:ss', wall clock) */
  onMove: (id: number, start: string) => void;
  /** milliseconds from building the chart to the frame that shows it */
  onRendered?: (ms: number) => void;
}

type Bar = { id: number; centre: string; name: string; start: string; end: string; conflict: boolean };

const pad = (n: number) => String(n).padStart(2, '0');
const wall = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
const ROW = 36;
const HEADER = 60; // two timeline scales of 30
/** Rows the chart holds at a time: the ones on screen. */
const WINDOW = 13;
const HEIGHT = HEADER + WINDOW * ROW + 12;

/** One row per work order, grouped by work centre in the order of the centres, then by start. */
function barsOf(data: GanttData): Bar[] {
  const bad = new Set(data.conflicts.map((c) => c.id));
  const centreName = new Map(data.centres.map((c) => [c.id, `${c.name} ×${c.capacity}`]));
  const order = new Map(data.centres.map((c, i) => [c.id, i]));
  return [...data.bars]
    .sort((x, y) => (order.get(x.workCentreId) ?? 0) - (order.get(y.workCentreId) ?? 0) || x.plannedStart.localeCompare(y.plannedStart))
    .map((b) => ({
      id: b.id,
      centre: centreName.get(b.workCentreId) ?? '',
      name: `${b.woNo} ${b.materialName} ${b.quantity}`,
      start: b.plannedStart,
      end: b.plannedEnd,
      conflict: bad.has(b.id),
    }));
}

/**
 * Work orders as bars, one row each, grouped by work centre (canvas, @visactor/vtable-gantt); conflicting
 * bars red; bars drag to a new start. Rows are virtualised: the chart holds only the rows on screen (it
 * builds a scene node for every bar it is given: 1.9 s for 10,000), and the box around it scrolls over
 * the height of all of them, handing the chart the rows in view.
 */
export function GanttChart({ data, from, to, centreTitle, woTitle, onMove, onRendered }: Props) {
  const outer = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const move = useRef(onMove);
  move.current = onMove;
  // the timeline's horizontal position kept over a rebuild of the same range (after a drag the data reloads)
  const kept = useRef<{ range: string; left: number } | undefined>(undefined);
  const total = data.bars.length;
  useEffect(() => {
    if (!box.current || !outer.current) return undefined;
    const t0 = performance.now();
    const rows = barsOf(data);
    let first = Math.min(Math.max(0, rows.length - WINDOW), Math.floor(outer.current.scrollTop / ROW));
    const gantt = new Gantt(box.current, {
      records: rows.slice(first, first + WINDOW),
      taskKeyField: 'id',
      minDate: from,
      maxDate: to,
      overscrollBehavior: 'auto',
      taskListTable: {
        columns: [
          { field: 'centre', title: centreTitle, width: 110 },
          { field: 'name', title: woTitle, width: 170 },
        ],
        tableWidth: 280,
        minTableWidth: 120,
      },
      timelineHeader: {
        colWidth: 40,
        scales: [
          { unit: 'day', step: 1, format: (d) => `${d.startDate.getMonth() + 1}-${d.startDate.getDate()}` },
          { unit: 'hour', step: 4 },
        ],
      },
      taskBar: {
        startDateField: 'start',
        endDateField: 'end',
        labelText: '{name}',
        labelTextStyle: { fontSize: 11, color: '#fff' },
        moveable: true,
        resizable: false,
        // a style function replaces the whole default style: every part is given
        barStyle: (args) => {
          const color = (args.taskRecord as { conflict?: boolean }).conflict ? '#ff4d4f' : '#1677ff';
          return { width: 22, barColor: color, completedBarColor: color, cornerRadius: 3, borderLineWidth: 0, borderColor: color };
        },
      },
      rowHeight: ROW,
      headerRowHeight: HEADER / 2,
    });
    const range = `${from}|${to}`;
    const open = openingTime(rows);
    if (kept.current?.range === range) gantt.scrollLeft = kept.current.left;
    else if (open !== undefined) gantt.scrollLeft = Math.max(0, gantt.getXByTime(open) - LEAD_PX);
    gantt.on('change_date_range', (e) => {
      const r = e.record as { id: number };
      // the event carries the record's new start as the record holds it (a formatted string), or a Date
      move.current(r.id, wall(new Date(e.startDate as Date | string)));
    });
    // measured at the next frame: the chart's own drawing, queued for that frame before this, is in it
    let frame = requestAnimationFrame(() => {
      frame = 0;
      onRendered?.(performance.now() - t0);
    });
    const scroller = outer.current;
    let pending = 0;
    const onScroll = () => {
      if (pending) return;
      pending = requestAnimationFrame(() => {
        pending = 0;
        const next = Math.min(Math.max(0, rows.length - WINDOW), Math.floor(scroller.scrollTop / ROW));
        if (next === first) return;
        first = next;
        const left = gantt.scrollLeft;
        gantt.setRecords(rows.slice(first, first + WINDOW));
        gantt.scrollLeft = left;
        scroller.dataset.first = String(first);
      });
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    scroller.dataset.first = String(first);
    // for the browser journey and the bench: where a work order's bar is on screen (scrolled into view first)
    const el = box.current as HTMLDivElement & { barRect?: (id: number) => DOMRect | undefined };
    el.barRect = (id) => {
      const i = rows.findIndex((r) => r.id === id);
      if (i < 0) return undefined;
      if (i < first || i >= first + WINDOW) {
        scroller.scrollTop = i * ROW;
        return undefined;
      }
      const r = gantt.getTaskBarRelativeRect(i - first);
      // a bar outside the timeline's visible part (a start after a weekend, say): scrolled into view first
      const list = gantt.taskListTableInstance?.tableNoFrameWidth ?? 0;
      if (r.left < list || r.left + Math.min(r.width, 24) > el.clientWidth) {
        gantt.scrollLeft = Math.max(0, gantt.scrollLeft + r.left - list - 40);
        return undefined;
      }
      const o = el.getBoundingClientRect();
      return new DOMRect(o.left + r.left, o.top + r.top, r.width, r.height);
    };
    return () => {
      kept.current = { range, left: gantt.scrollLeft };
      if (frame) cancelAnimationFrame(frame);
      if (pending) cancelAnimationFrame(pending);
      scroller.removeEventListener('scroll', onScroll);
      gantt.release();
    };
  }, [data, from, to, centreTitle, woTitle, onRendered]);
  return (
    <div ref={outer} data-testid="gantt-scroll" style={{ position: 'relative', height: HEIGHT, overflowY: 'auto' }}>
      <div ref={box} data-testid="gantt-canvas" style={{ position: 'sticky', top: 0, width: '100%', height: HEIGHT }} />
      <div style={{ height: Math.max(0, (total - WINDOW) * ROW) }} />
    </div>
  );
}
