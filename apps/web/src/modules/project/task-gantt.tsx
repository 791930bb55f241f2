import { useEffect, useRef } from 'react';
import { Gantt, TYPES } from '@visactor/vtable-gantt';
import type { Link, LinkKind, Task } from './project-api.ts';

interface Props {
  tasks: Task[];
  links: Link[];
  from: string;
  to: string;
  taskTitle: string;
  /** a link drawn on the chart from one bar to another: finish-to-start unless the chart says otherwise */
  onLink: (predId: number, succId: number, kind: LinkKind) => void;
}

const KIND: Record<LinkKind, TYPES.DependencyType> = {
  FS: TYPES.DependencyType.FinishToStart,
  SS: TYPES.DependencyType.StartToStart,
  FF: TYPES.DependencyType.FinishToFinish,
  SF: TYPES.DependencyType.StartToFinish,
};
const KIND_OF = new Map(Object.entries(KIND).map(([k, v]) => [v, k as LinkKind]));
const first = (k: string | number | Array<string | number> | undefined) => Number(Array.isArray(k) ? k[0] : k);

/** The project's tasks as bars (critical red, summaries grey) with their links; a link drawn between two bars is saved. */
export function TaskGantt({ tasks, links, from, to, taskTitle, onLink }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const link = useRef(onLink);
  link.current = onLink;
  useEffect(() => {
    if (!box.current) return undefined;
    const parents = new Set(tasks.map((x) => x.parentId).filter((x) => x !== null));
    const records = tasks
      .filter((x) => x.startDate)
      .map((x) => ({ id: x.id, name: x.name, start: x.startDate, end: x.endDate, critical: x.critical, summary: parents.has(x.id) }));
    const gantt = new Gantt(box.current, {
      records,
      taskKeyField: 'id',
      minDate: from,
      maxDate: to,
      taskListTable: { columns: [{ field: 'name', title: taskTitle, width: 160 }], tableWidth: 170, minTableWidth: 100 },
      timelineHeader: {
        colWidth: 36,
        scales: [
          { unit: 'week', step: 1, format: (d) => `${d.startDate.getMonth() + 1}-${d.startDate.getDate()}` },
          { unit: 'day', step: 1, format: (d) => String(d.startDate.getDate()) },
        ],
      },
      taskBar: {
        startDateField: 'start',
        endDateField: 'end',
        labelText: '{name}',
        labelTextStyle: { fontSize: 11, color: '#fff' },
        moveable: false,
        resizable: false,
        barStyle: (args) => {
          const r = args.taskRecord as { critical?: boolean; summary?: boolean };
          const color = r.summary ? '#8c8c8c' : r.critical ? '#ff4d4f' : '#1677ff';
          return { width: 20, barColor: color, completedBarColor: color, cornerRadius: 3, borderLineWidth: 0, borderColor: color };
        },
      },
      dependency: {
        links: links.map((l) => ({ type: KIND[l.kind], linkedFromTaskKey: l.predId, linkedToTaskKey: l.succId })),
        linkCreatable: true,
        linkLineStyle: { lineColor: '#595959', lineWidth: 1 },
      },
      rowHeight: 32,
      headerRowHeight: 28,
    });
    gantt.on('create_dependency_link', (e) => {
      const l = e.link;
      link.current(first(l.linkedFromTaskKey), first(l.linkedToTaskKey), KIND_OF.get(l.type) ?? 'FS');
    });
    // for the browser journey: where a task's bar is on screen
    const el = box.current as HTMLDivElement & { barRect?: (id: number) => DOMRect | undefined };
    el.barRect = (id) => {
      const i = records.findIndex((r) => r.id === id);
      if (i < 0) return undefined;
      const r = gantt.getTaskBarRelativeRect(i);
      const o = el.getBoundingClientRect();
      return new DOMRect(o.left + r.left, o.top + r.top, r.width, r.height);
    };
    return () => gantt.release();
  }, [tasks, links, from, to, taskTitle]);
  return <div ref={box} data-testid="project-gantt" style={{ position: 'relative', width: '100%', height: Math.min(560, 80 + tasks.length * 32) }} />;
}
