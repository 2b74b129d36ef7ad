/**
 * `npm run bench`: the performance targets of issue 3, measured (never asserted in a timed test).
 * - building every schema of one organisation: under 1 ms;
 * - validating one sign-up submission with a warm cache: under 50 µs.
 * Prints a table and exits non-zero when a target is missed.
 */
import { Bench } from 'tinybench';
import { FORM_BUILDERS, type FormName } from '../schemas/forms/formBuilders.ts';
import { previewFlags } from '../schemas/forms/previewFlags.ts';
import { resolveOrgSettings, type OrgSettingsInput } from '../schemas/orgSettings.ts';
import springfield from '../server/db/demo/orgs/springfield.json' with { type: 'json' };
import acme from '../server/db/demo/orgs/acme.json' with { type: 'json' };
import { validateSubmission } from '../server/services/formValidator.ts';

const orgs = { springfield, acme };
const targets: { name: string; limitMs: number }[] = [];
const bench = new Bench({ time: 1000, warmupTime: 200 });

for (const [orgId, org] of Object.entries(orgs)) {
  const settings = resolveOrgSettings(org.settings as OrgSettingsInput);
  const flags = previewFlags(settings);
  const name = `build every schema of ${orgId}`;
  targets.push({ name, limitMs: 1 });
  bench.add(name, () => {
    for (const form of Object.keys(FORM_BUILDERS) as FormName[]) {
      for (const mode of FORM_BUILDERS[form].modes) FORM_BUILDERS[form].build(settings, flags, mode);
    }
  });
}

const settings = resolveOrgSettings(springfield.settings as OrgSettingsInput);
const signUp = FORM_BUILDERS.signUp.build(settings, previewFlags(settings), 'signup');
const submission = {
  firstName: 'Dana', lastName: 'Member', username: 'dana.member', password: 'Spring2026field', securityQuestion: 'question_eleven',
  securityAnswer: 'Blue', preferredLanguage: 'en_US', email: 'dana@example.org',
  smsPhone: { value: '2015550123', countryCode: 'US', noValidate: false }, mobilePhone: { value: '', countryCode: 'US', noValidate: false },
  accept: true,
};
const validName = 'validate one sign-up (warm cache)';
targets.push({ name: validName, limitMs: 0.05 });
validateSubmission('bench:signup', signUp, submission);
bench.add(validName, () => {
  validateSubmission('bench:signup', signUp, submission);
});

await bench.run();
console.table(bench.table());
let missed = false;
for (const target of targets) {
  const task = bench.tasks.find((t) => t.name === target.name)!;
  const mean = task.result && 'latency' in task.result ? task.result.latency.mean : NaN;
  const ok = mean < target.limitMs;
  missed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'MISS'} ${target.name}: mean ${(mean * 1000).toFixed(1)} µs (target < ${target.limitMs * 1000} µs)`);
}
process.exitCode = missed ? 1 : 0;
