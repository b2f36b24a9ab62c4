// The labour-rule settings the rules are judged with (docs/generator.md): the same six picked out of
// the airport's settings wherever an instance or a rule context is made, so that the grid's marks, the
// shift editor's warnings and the generator judge with the same ones.

/** The settings the rules read, in the order the generator's instance names them. */
export const RULE_SETTING_KEYS = ['timeIncrement', 'minRestHours', 'weeklyHours', 'minShiftHours', 'weeklyRestHours', 'maxConsecutiveDays'] as const;
export type RuleSettingKey = (typeof RULE_SETTING_KEYS)[number];

/** The rule settings out of the airport's settings (and nothing else of them). */
export function ruleSettings<S extends Record<RuleSettingKey, unknown>>(settings: S): Pick<S, RuleSettingKey> {
  return Object.fromEntries(RULE_SETTING_KEYS.map((key) => [key, settings[key]])) as Pick<S, RuleSettingKey>;
}
