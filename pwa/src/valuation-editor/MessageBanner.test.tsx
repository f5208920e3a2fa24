import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, click, mount, query, unmountAll } from '../testing/dom.tsx';
import { MessageBanner } from './MessageBanner.tsx';
import { type MessageKind, type Notify, useMessage } from './use-message.ts';

let notify: Notify = () => {};

function Harness() {
  const message = useMessage();
  notify = message.notify;
  return <MessageBanner message={message.message} onClose={message.dismiss} />;
}

const say = (kind: MessageKind, text: string) => act(() => notify(kind, text));
const shown = (root: ParentNode) => root.querySelector('.cv-message__text')?.textContent ?? null;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  unmountAll();
  vi.useRealTimers();
});

describe('message banner', () => {
  it('hides information after 3 s, announced politely', () => {
    const { container } = mount(<Harness />);
    say('info', '已是当前公司');
    expect(shown(container)).toBe('已是当前公司');
    expect(query(container, '.cv-message-slot').getAttribute('role')).toBe('status');
    advance(2999);
    expect(shown(container)).toBe('已是当前公司');
    advance(1);
    expect(shown(container)).toBeNull();
  });

  it('keeps errors 6 s, as an alert', () => {
    const { container } = mount(<Harness />);
    say('error', '计算失败: 引擎无响应');
    expect(query(container, '.cv-message-slot').getAttribute('role')).toBe('alert');
    advance(5999);
    expect(shown(container)).toBe('计算失败: 引擎无响应');
    advance(1);
    expect(shown(container)).toBeNull();
  });

  it('restarts the timer for a new message, and closes on the close button', () => {
    const { container } = mount(<Harness />);
    say('success', '第一条');
    advance(2000);
    say('success', '第二条');
    advance(2000);
    expect(shown(container)).toBe('第二条');
    click(query(container, 'button[aria-label="关闭提示"]'));
    expect(shown(container)).toBeNull();
  });
});
