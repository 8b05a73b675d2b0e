// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TCriterion } from '@ats/contracts/evaluations';
import { AnswerFields, type AnswerDrafts } from './answer-fields';

const FILE_CRITERION: TCriterion = {
  id: 9,
  name: 'Тестовое задание',
  criterion_type: 'add_file',
  order: 0,
  options: [],
  scale_min: null,
  scale_max: null,
  min_label: null,
  max_label: null,
  is_required: false,
};

function Answers({ onChange }: { onChange: (drafts: AnswerDrafts) => void }) {
  const [drafts, setDrafts] = useState<AnswerDrafts>({});
  return (
    <AnswerFields
      criteria={[FILE_CRITERION]}
      drafts={drafts}
      onChange={(id, draft) => {
        const next = { ...drafts, [id]: draft };
        setDrafts(next);
        onChange(next);
      }}
    />
  );
}

const MB = 1024 * 1024;
const pick = (bytes: number) =>
  fireEvent.change(document.querySelector('input[type="file"]')!, {
    target: { files: [new File([new Uint8Array(bytes)], 'task.pdf', { type: 'application/pdf' })] },
  });

describe('an evaluation file (SPEC.md §9 Base64 size)', () => {
  it('names the size of a file over 10 MB and keeps nothing to send', async () => {
    const onChange = vi.fn();
    render(<Answers onChange={onChange} />);
    pick(10.5 * MB);
    expect(await screen.findByText('Файл 10,5 МБ больше допустимых 10 МБ')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith({
      9: expect.objectContaining({ file: null }),
    });
  });

  it('keeps a file under the limit as the data URL the answer sends', async () => {
    const onChange = vi.fn();
    render(<Answers onChange={onChange} />);
    pick(2000);
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({
        9: expect.objectContaining({
          file: {
            dataUrl: expect.stringMatching(/^data:application\/pdf;base64,/),
            name: 'task.pdf',
          },
          fileError: null,
        }),
      }),
    );
  });
});
