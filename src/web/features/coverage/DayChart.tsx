// The day's demand against the staff on duty, in 15-minute steps (uPlot, loaded only with this chart):
// demand as a dashed step line, staff as a solid one, short periods on a red background, departures as
// marks along the bottom (red when short). The figure's text alternative is the caller's summary.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DayProfile } from '../../../shared/api/coverage.ts';
import { minuteText, QUALIFIED_COLOURS, type Period } from './day.ts';

interface FlightMark {
  minute: number;
  short: boolean;
}

type Props = {
  profile: DayProfile;
  periods: Period[];
  flights: FlightMark[];
  /** The end of the x axis (at least the day's end). */
  end: number;
  /** "{{time}}: demand 3, on duty 2" for the point under the cursor (with what those allowed filled, where qualifications count). */
  readout: (time: string, demand: number, staff: number, covered: number | undefined) => string;
  yLabel: string;
};

const HEIGHT = 260;

export default function DayChart({ profile, periods, flights, end, readout, yLabel }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const readoutRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  // The latest props for the plot's hooks, without rebuilding the plot for a new function.
  const latest = useRef({ readout, periods, flights });
  useEffect(() => {
    latest.current = { readout, periods, flights };
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const points = profile.points;
    const last = points.at(-1);
    const xs = [...points.map((p) => p.minute), last ? last.minute + profile.step : 0];
    const demand = [...points.map((p) => p.demand), last?.demand ?? 0];
    const staff = [...points.map((p) => p.staff), last?.staff ?? 0];
    // Demand for each qualification asked for during the day, as thin dashed lines in colours of their own.
    const codes = points.find((p) => p.byQualification)?.byQualification?.map((q) => q.code) ?? [];
    const qualified = codes.map((_code, q) => [...points.map((p) => p.byQualification?.[q]?.demand ?? 0), last?.byQualification?.[q]?.demand ?? 0]);
    const top = Math.max(1, ...demand, ...staff) + 1;
    const stepped = uPlot.paths.stepped!({ align: 1 });
    const opts: uPlot.Options = {
      width: Math.max(280, el.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      scales: { x: { time: false, range: [0, end] }, y: { range: [0, top] } },
      axes: [
        {
          incrs: [60, 120, 180, 240, 360],
          space: 44,
          values: (_u, splits) => splits.map((m) => minuteText(m).replace(' +1', '⁺¹')),
          grid: { stroke: '#e9ecef' },
        },
        { label: yLabel, incrs: [1, 2, 5, 10, 20], size: 40, grid: { stroke: '#e9ecef' } },
      ],
      series: [
        {},
        { label: 'demand', stroke: '#212529', width: 2, dash: [6, 4], paths: stepped, points: { show: false } },
        { label: 'staff', stroke: '#364fc7', width: 2.5, fill: 'rgba(76, 110, 245, 0.12)', paths: stepped, points: { show: false } },
        ...codes.map((code, q) => ({ label: code, stroke: QUALIFIED_COLOURS[q % QUALIFIED_COLOURS.length], width: 1.5, dash: [3, 3], paths: stepped, points: { show: false } })),
      ],
      cursor: { points: { show: false }, y: false },
      hooks: {
        drawClear: [
          (u) => {
            const { ctx } = u;
            const { left, top: t, width, height } = u.bbox;
            ctx.save();
            ctx.fillStyle = 'rgba(250, 82, 82, 0.22)';
            for (const p of latest.current.periods) {
              const x0 = Math.max(left, u.valToPos(p.from, 'x', true));
              const x1 = Math.min(left + width, u.valToPos(p.to, 'x', true));
              if (x1 > x0) ctx.fillRect(x0, t, x1 - x0, height);
            }
            ctx.restore();
          },
        ],
        draw: [
          (u) => {
            const { ctx } = u;
            const { top: t, height } = u.bbox;
            const size = 6 * uPlot.pxRatio;
            ctx.save();
            for (const f of latest.current.flights) {
              const x = u.valToPos(f.minute, 'x', true);
              ctx.fillStyle = f.short ? '#c92a2a' : '#495057';
              ctx.beginPath();
              ctx.moveTo(x, t + height - size * 1.6);
              ctx.lineTo(x - size / 2, t + height);
              ctx.lineTo(x + size / 2, t + height);
              ctx.closePath();
              ctx.fill();
            }
            ctx.restore();
          },
        ],
        setCursor: [
          (u) => {
            const i = u.cursor.idx;
            const out = readoutRef.current;
            if (!out) return;
            if (i === null || i === undefined || i >= points.length) {
              out.textContent = '\u00a0';
              return;
            }
            const p = points[i]!;
            out.textContent = latest.current.readout(minuteText(p.minute), p.demand, p.staff, p.covered);
          },
        ],
      },
    };
    const plot = new uPlot(opts, [xs, demand, staff, ...qualified], el);
    plotRef.current = plot;
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height: HEIGHT }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [profile, end, yLabel]);

  // New flights or periods (a colleague's change) are drawn on the same plot.
  useEffect(() => {
    plotRef.current?.redraw(false);
  }, [periods, flights]);

  return (
    <div>
      {/* The canvas says nothing to a screen reader: the figure's caption and summary do. */}
      <div ref={box} aria-hidden="true" data-testid="day-chart" />
      <div ref={readoutRef} aria-hidden="true" style={{ fontSize: 13, minHeight: 20, fontVariantNumeric: 'tabular-nums' }}>
        {'\u00a0'}
      </div>
    </div>
  );
}
