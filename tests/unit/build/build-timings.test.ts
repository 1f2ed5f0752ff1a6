// The stage timings a build reports (the terminal after `site build` and `site preview`, the
// admin's Build tab): one line per stage, each named once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { Builder } from '../../../generator/build/build.ts';
import { sandbox, root, type Sandbox } from '../../helpers.ts';

let box: Sandbox;
beforeAll(() => {
  box = sandbox();
});
afterAll(() => box.remove());

const repeated = (stages: string[]) => stages.filter((stage, i) => stages.indexOf(stage) !== i);

describe('build timings', () => {
  test('a full build and an edit list each stage once (cards was listed twice: its plan and its drawing)', async () => {
    const builder = new Builder({ root, contentDir: box.content, mode: 'preview', includeDrafts: true });
    await builder.full();
    const stages = builder.timings.map((t) => t.stage);
    expect(stages).toEqual(expect.arrayContaining(['validate', 'render', 'cards']));
    expect(repeated(stages)).toEqual([]);
    box.edit('faqs/01-benefits.yaml', /^title: .*$/m, 'title: "What does fleet telematics do for my business?"');
    const update = await builder.update([join(box.content, 'faqs/01-benefits.yaml')]);
    expect(update.problems).toEqual([]);
    expect(repeated(update.timings.map((t) => t.stage))).toEqual([]);
  }, 120_000);
});
