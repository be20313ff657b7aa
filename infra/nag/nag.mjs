// Runs cdk-nag's AwsSolutions and Serverless packs over synthesized CloudFormation templates
// and prints each finding as one JSON line: {template, level, rule, resource, message}.
// Suppressions travel in the templates themselves: infra/stack adds the Metadata
// cdk_nag.rules_to_suppress (each with its reason) to the resources, as cdk-nag's
// NagSuppressions would; CfnInclude keeps that metadata and cdk-nag honours it.
//
//   node infra/nag/nag.mjs infra/cdk.out/prod/chat-prod.template.json ...
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Aspects, DefaultStackSynthesizer, Stack } from 'aws-cdk-lib';
import { CfnInclude } from 'aws-cdk-lib/cloudformation-include';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';

const templates = process.argv.slice(2);
if (templates.length === 0) {
  console.error('usage: node nag.mjs TEMPLATE.json ...');
  process.exit(2);
}
for (const file of templates) {
  const outdir = mkdtempSync(join(tmpdir(), 'nag-'));
  try {
    const app = new App({ outdir });
    // The template brings its own BootstrapVersion parameter and rule.
    const synthesizer = new DefaultStackSynthesizer({ generateBootstrapVersionRule: false });
    const stack = new Stack(app, 'Nagged', { env: { region: 'us-east-1' }, synthesizer });
    JSON.parse(readFileSync(file, 'utf8')); // a clear error for a broken file
    new CfnInclude(stack, 'Template', { templateFile: file });
    Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
    Aspects.of(app).add(new ServerlessChecks({ verbose: true }));
    const assembly = app.synth();
    for (const st of assembly.stacks) {
      for (const m of st.messages) {
        const text = String(m.entry.data ?? '');
        const rule = text.split(':')[0];
        console.log(JSON.stringify({ template: file, level: m.level, rule, resource: m.id, message: text }));
      }
    }
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
