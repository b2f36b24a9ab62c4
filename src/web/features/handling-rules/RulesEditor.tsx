// The ordered list of handling rules, each with its tasks, edited as a whole and saved in one go. The
// save names the list the planner began from: after a colleague's save the editor shows theirs and says
// that nothing was saved (docs/CONTRIBUTING.md, "Updatable records carry a version").
import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Group, NativeSelect, NumberInput, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ANCHORS,
  ANY_TYPE,
  HANDLING_RULES_MAX,
  MOVEMENTS,
  TASKS_PER_RULE_MAX,
  handlingRulesBodySchema,
  type Anchor,
  type HandlingRule,
  type HandlingRuleInput,
  type HandlingTask,
  type Movement,
} from '../../../shared/api/handling-rules.ts';
import { isSizeClass, SIZE_CLASSES, type SizeClass } from '../../../shared/api/aircraft-staffing.ts';
import { STAFF_MAX } from '../../../shared/api/flights.ts';
import { paramsOfIssue } from '../../../shared/api/issues.ts';
import type { Qualification } from '../../../shared/api/qualifications.ts';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { qualificationName } from '../../lib/qualifications.ts';
import { useVersionedSave } from '../../lib/versioned-save.ts';
import { toast } from '../../ui/toast.ts';
import { saveHandlingRules, useRulesSaved, useStoredRules } from './api.ts';
import { handlingIssueText, offsetText, ruleSummary } from './format.ts';

type Kind = 'type' | 'size' | 'any';

interface DraftTask {
  key: number;
  name: string;
  group: string;
  staff: number | string;
  qualification: string;
  anchor: Anchor;
  start: number | string;
  end: number | string;
}

interface DraftRule {
  key: number;
  kind: Kind;
  type: string;
  size: SizeClass;
  prefix: string;
  movement: Movement | '';
  tasks: DraftTask[];
}

let nextKey = 1;

const toDraft = (rule: HandlingRule): DraftRule => ({
  key: nextKey++,
  kind: rule.aircraftType === ANY_TYPE ? 'any' : isSizeClass(rule.aircraftType) ? 'size' : 'type',
  type: rule.aircraftType === ANY_TYPE || isSizeClass(rule.aircraftType) ? '' : rule.aircraftType,
  size: isSizeClass(rule.aircraftType) ? rule.aircraftType : 'size:narrow',
  prefix: rule.prefix ?? '',
  movement: rule.movement ?? '',
  tasks: rule.tasks.map((task: HandlingTask) => ({
    key: nextKey++,
    name: task.name,
    group: task.group,
    staff: task.staff,
    qualification: task.qualification ?? '',
    anchor: task.anchor,
    start: task.startOffset,
    end: task.endOffset,
  })),
});

/** A number field's value as a number: blank is not one (the schema then says what is asked). */
const numberOf = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));

const toBody = (rule: DraftRule): HandlingRuleInput => ({
  aircraftType: rule.kind === 'any' ? ANY_TYPE : rule.kind === 'size' ? rule.size : rule.type,
  prefix: rule.prefix.trim() || null,
  movement: rule.movement || null,
  tasks: rule.tasks.map((task) => ({
    name: task.name,
    group: task.group,
    staff: numberOf(task.staff),
    qualification: task.qualification || null,
    anchor: task.anchor,
    startOffset: numberOf(task.start),
    endOffset: numberOf(task.end),
  })),
});

/** The summary of a draft rule as its heading says it ("B738 + LO + odlot"). */
const summaryRule = (rule: DraftRule) => {
  const body = toBody(rule);
  const aircraftType = rule.kind === 'type' ? body.aircraftType.trim().toUpperCase() || '?' : body.aircraftType;
  return { aircraftType, prefix: body.prefix?.toUpperCase() ?? null, movement: body.movement ?? null };
};

/** The times a task of a rule for this movement may be placed from (and the task's own, to show it is refused). */
const anchorsFor = (movement: Movement | '', current: Anchor): readonly Anchor[] => {
  const allowed: readonly Anchor[] = movement === 'departure' ? ['departure'] : movement === 'arrival' ? ['arrival'] : ANCHORS;
  return allowed.includes(current) ? allowed : [...allowed, current];
};

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

export function RulesEditor({
  stored,
  flightGroups,
  catalogue,
}: {
  /** The rules as loaded. */
  stored: HandlingRule[];
  flightGroups: string[];
  catalogue: readonly Qualification[];
}) {
  const { t, i18n } = useTranslation('handlingRules');
  const language = i18n.resolvedLanguage ?? 'pl';
  const rulesSaved = useRulesSaved();
  const storedRules = useStoredRules();
  const [draft, setDraft] = useState<DraftRule[] | null>(null);
  // The list as it was when the planner began editing: the save names it.
  const [base, setBase] = useState<HandlingRule[] | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [serverProblem, setServerProblem] = useState<{ field: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Drafted once per stored list, so that its rows keep their keys (and the focus) between renders.
  const initial = useMemo(() => stored.map(toDraft), [stored]);
  const shown = draft ?? initial;

  const edit = (next: DraftRule[]) => {
    if (draft === null) setBase(stored);
    setDraft(next);
    setServerProblem(null);
    setNotice(null);
  };
  const editRule = (key: number, change: Partial<DraftRule>) => edit(shown.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const editTask = (rule: DraftRule, key: number, change: Partial<DraftTask>) =>
    editRule(rule.key, { tasks: rule.tasks.map((task) => (task.key === key ? { ...task, ...change } : task)) });

  const parsed = handlingRulesBodySchema.safeParse({ rules: shown.map(toBody) });
  const problems = new Map<string, string>();
  if (showProblems && !parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.');
      if (!problems.has(field)) problems.set(field, handlingIssueText(paramsOfIssue(issue), field, t));
    }
  if (serverProblem && !problems.has(serverProblem.field)) problems.set(serverProblem.field, serverProblem.text);
  const problemOf = (field: string) => problems.get(field);

  const save = useVersionedSave({
    write: saveHandlingRules,
    reload: storedRules,
    onSaved: async ({ rules }) => {
      await rulesSaved(rules);
      setDraft(null);
      setBase(null);
      setShowProblems(false);
      toast('green', t('rules.saved'));
    },
    // A colleague saved meanwhile: their list is shown, and the next save is based on it.
    onStale: () => {
      setDraft(null);
      setBase(null);
      setShowProblems(false);
      setNotice(t('rules.stale'));
    },
    onFailed: (err) => {
      if (err instanceof ApiError && err.field?.startsWith('rules.')) setServerProblem({ field: err.field, text: handlingIssueText(err.params, err.field, t) });
      setError(t('rules.saveFailed', { message: translateApiError(err, t) }));
    },
  });

  const submit = () => {
    setShowProblems(true);
    setError(null);
    setNotice(null);
    setServerProblem(null);
    if (!parsed.success) {
      setError(t('rules.problems'));
      return;
    }
    save.mutate({ rules: shown.map(toBody), seen: base ?? stored });
  };

  const newTask = (rule: DraftRule): DraftTask => ({
    key: nextKey++,
    name: t('tasks.newName'),
    group: flightGroups[0] ?? '',
    staff: 1,
    qualification: '',
    anchor: rule.movement === 'arrival' ? 'arrival' : 'departure',
    start: rule.movement === 'arrival' ? 0 : -45,
    end: rule.movement === 'arrival' ? 30 : 0,
  });
  const addRule = () => {
    const rule: DraftRule = { key: nextKey++, kind: 'type', type: '', size: 'size:narrow', prefix: '', movement: '', tasks: [] };
    edit([...shown, { ...rule, tasks: [newTask(rule)] }]);
  };

  const groupOptions = (current: string) => [...flightGroups, ...(current && !flightGroups.includes(current) ? [current] : [])];
  const qualificationOptions = (current: string) => [
    { value: '', label: t('tasks.noQualification') },
    ...catalogue.map((q) => ({ value: q.code, label: qualificationName(q, language) })),
    ...(current && !catalogue.some((q) => q.code === current) ? [{ value: current, label: current }] : []),
  ];

  return (
    <Stack gap="md">
      {shown.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('rules.empty')}
        </Text>
      )}
      {shown.map((rule, index) => {
        const n = index + 1;
        const path = `rules.${index}`;
        const cell = (column: string, task: number) => t('tasks.cell', { column: t(`tasks.columns.${column}`), task, rule: n });
        return (
          <Paper key={rule.key} withBorder p="md" component="section" aria-labelledby={`rule-${rule.key}`} data-testid="handling-rule">
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={3} size="h5" id={`rule-${rule.key}`}>
                  {t('rules.title', { n, summary: ruleSummary(summaryRule(rule), t) })}
                </Title>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={t('rules.up', { n })} disabled={index === 0} onClick={() => edit(move(shown, index, index - 1))}>
                    <IconArrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('rules.down', { n })}
                    disabled={index === shown.length - 1}
                    onClick={() => edit(move(shown, index, index + 1))}
                  >
                    <IconArrowDown size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={t('rules.remove', { n })} onClick={() => edit(shown.filter((r) => r.key !== rule.key))}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
              <Group align="flex-start" gap="sm" wrap="wrap">
                <NativeSelect
                  label={t('rules.labels.kind')}
                  aria-label={t('rules.kind', { n })}
                  value={rule.kind}
                  data={(['type', 'size', 'any'] as const).map((kind) => ({ value: kind, label: t(`rules.kinds.${kind}`) }))}
                  onChange={(e) => editRule(rule.key, { kind: e.currentTarget.value as Kind })}
                  error={rule.kind !== 'type' ? problemOf(`${path}.aircraftType`) : undefined}
                  w={170}
                />
                {rule.kind === 'type' && (
                  <TextInput
                    label={t('rules.labels.type')}
                    aria-label={t('rules.type', { n })}
                    value={rule.type}
                    maxLength={4}
                    autoComplete="off"
                    w={120}
                    styles={{ input: { textTransform: 'uppercase', fontFamily: 'monospace' } }}
                    error={problemOf(`${path}.aircraftType`)}
                    onChange={(e) => editRule(rule.key, { type: e.currentTarget.value })}
                  />
                )}
                {rule.kind === 'size' && (
                  <NativeSelect
                    label={t('rules.labels.size')}
                    aria-label={t('rules.size', { n })}
                    value={rule.size}
                    data={SIZE_CLASSES.map((c) => ({ value: c, label: t(`classes.${c.slice(5) as 'wide' | 'narrow' | 'small'}`) }))}
                    onChange={(e) => editRule(rule.key, { size: e.currentTarget.value as SizeClass })}
                    w={200}
                  />
                )}
                <TextInput
                  label={t('rules.labels.prefix')}
                  aria-label={t('rules.prefix', { n })}
                  description={t('rules.prefixHint')}
                  value={rule.prefix}
                  maxLength={8}
                  autoComplete="off"
                  w={240}
                  styles={{ input: { textTransform: 'uppercase', fontFamily: 'monospace' } }}
                  error={problemOf(`${path}.prefix`)}
                  onChange={(e) => editRule(rule.key, { prefix: e.currentTarget.value })}
                />
                <NativeSelect
                  label={t('rules.labels.movement')}
                  aria-label={t('rules.movement', { n })}
                  value={rule.movement}
                  data={[{ value: '', label: t('rules.movements.any') }, ...MOVEMENTS.map((m) => ({ value: m, label: t(`rules.movements.${m}`) }))]}
                  onChange={(e) => editRule(rule.key, { movement: e.currentTarget.value as Movement | '' })}
                  w={170}
                />
              </Group>
              {rule.tasks.length === 0 ? (
                <Text size="sm" c={problemOf(`${path}.tasks`) ? 'red.8' : 'dimmed'} role={problemOf(`${path}.tasks`) ? 'alert' : undefined}>
                  {problemOf(`${path}.tasks`) ?? t('tasks.empty')}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={980}>
                  <Table verticalSpacing={4} aria-label={t('tasks.caption', { rule: n })}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('tasks.columns.name')}</Table.Th>
                        <Table.Th>{t('tasks.columns.group')}</Table.Th>
                        <Table.Th>{t('tasks.columns.staff')}</Table.Th>
                        <Table.Th>{t('tasks.columns.qualification')}</Table.Th>
                        <Table.Th>{t('tasks.columns.anchor')}</Table.Th>
                        <Table.Th>{t('tasks.columns.start')}</Table.Th>
                        <Table.Th>{t('tasks.columns.end')}</Table.Th>
                        <Table.Th>{t('tasks.columns.when')}</Table.Th>
                        <Table.Th>
                          <VisuallyHidden>{t('tasks.columns.actions')}</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rule.tasks.map((task, j) => {
                        const at = `${path}.tasks.${j}`;
                        const m = j + 1;
                        const start = numberOf(task.start);
                        const end = numberOf(task.end);
                        return (
                          <Table.Tr key={task.key}>
                            <Table.Td miw={160}>
                              <TextInput
                                aria-label={cell('name', m)}
                                value={task.name}
                                maxLength={60}
                                error={problemOf(`${at}.name`)}
                                onChange={(e) => editTask(rule, task.key, { name: e.currentTarget.value })}
                              />
                            </Table.Td>
                            <Table.Td miw={130}>
                              <NativeSelect
                                aria-label={cell('group', m)}
                                value={task.group}
                                data={groupOptions(task.group)}
                                error={problemOf(`${at}.group`)}
                                onChange={(e) => editTask(rule, task.key, { group: e.currentTarget.value })}
                              />
                            </Table.Td>
                            <Table.Td w={90}>
                              <NumberInput
                                aria-label={cell('staff', m)}
                                value={task.staff}
                                min={1}
                                max={STAFF_MAX}
                                allowDecimal={false}
                                allowNegative={false}
                                clampBehavior="none"
                                error={problemOf(`${at}.staff`)}
                                onChange={(value) => editTask(rule, task.key, { staff: value })}
                              />
                            </Table.Td>
                            <Table.Td miw={150}>
                              <NativeSelect
                                aria-label={cell('qualification', m)}
                                value={task.qualification}
                                data={qualificationOptions(task.qualification)}
                                error={problemOf(`${at}.qualification`)}
                                onChange={(e) => editTask(rule, task.key, { qualification: e.currentTarget.value })}
                              />
                            </Table.Td>
                            <Table.Td miw={120}>
                              <NativeSelect
                                aria-label={cell('anchor', m)}
                                value={task.anchor}
                                data={anchorsFor(rule.movement, task.anchor).map((a) => ({ value: a, label: t(`tasks.anchors.${a}`) }))}
                                error={problemOf(`${at}.anchor`)}
                                onChange={(e) => editTask(rule, task.key, { anchor: e.currentTarget.value as Anchor })}
                              />
                            </Table.Td>
                            <Table.Td w={100}>
                              <NumberInput
                                aria-label={cell('start', m)}
                                value={task.start}
                                allowDecimal={false}
                                clampBehavior="none"
                                error={problemOf(`${at}.startOffset`)}
                                onChange={(value) => editTask(rule, task.key, { start: value })}
                              />
                            </Table.Td>
                            <Table.Td w={100}>
                              <NumberInput
                                aria-label={cell('end', m)}
                                value={task.end}
                                allowDecimal={false}
                                clampBehavior="none"
                                error={problemOf(`${at}.endOffset`)}
                                onChange={(value) => editTask(rule, task.key, { end: value })}
                              />
                            </Table.Td>
                            <Table.Td miw={170}>
                              <Text size="xs" data-testid="task-when">
                                {Number.isInteger(start) && Number.isInteger(end)
                                  ? t('when.range', { from: offsetText(task.anchor, start, t), to: offsetText(task.anchor, end, t) })
                                  : '—'}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <Group gap={2} wrap="nowrap">
                                <ActionIcon
                                  variant="subtle"
                                  size="sm"
                                  aria-label={t('tasks.up', { task: m, rule: n })}
                                  disabled={j === 0}
                                  onClick={() => editRule(rule.key, { tasks: move(rule.tasks, j, j - 1) })}
                                >
                                  <IconArrowUp size={16} />
                                </ActionIcon>
                                <ActionIcon
                                  variant="subtle"
                                  size="sm"
                                  aria-label={t('tasks.down', { task: m, rule: n })}
                                  disabled={j === rule.tasks.length - 1}
                                  onClick={() => editRule(rule.key, { tasks: move(rule.tasks, j, j + 1) })}
                                >
                                  <IconArrowDown size={16} />
                                </ActionIcon>
                                <ActionIcon
                                  variant="subtle"
                                  size="sm"
                                  color="red"
                                  aria-label={t('tasks.remove', { task: m, rule: n })}
                                  onClick={() => editRule(rule.key, { tasks: rule.tasks.filter((x) => x.key !== task.key) })}
                                >
                                  <IconTrash size={16} />
                                </ActionIcon>
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  disabled={rule.tasks.length >= TASKS_PER_RULE_MAX}
                  onClick={() => editRule(rule.key, { tasks: [...rule.tasks, newTask(rule)] })}
                >
                  {t('tasks.add', { rule: n })}
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      <Text size="xs" c="dimmed">
        {t('tasks.offsetHint')}
      </Text>
      {notice && (
        <Alert color="yellow" role="alert">
          {notice}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={addRule} disabled={shown.length >= HANDLING_RULES_MAX}>
          {t('rules.add')}
        </Button>
        <Group gap="sm">
          {draft !== null && (
            <>
              <Text size="sm" c="dimmed">
                {t('rules.unsaved')}
              </Text>
              <Button
                variant="default"
                onClick={() => {
                  setDraft(null);
                  setBase(null);
                  setShowProblems(false);
                  setError(null);
                }}
              >
                {t('rules.discard')}
              </Button>
            </>
          )}
          <Button onClick={submit} loading={save.isPending}>
            {t('rules.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
