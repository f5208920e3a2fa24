import {
  MemorySyncStore,
  type MutationResult,
  type PushRequest,
  type RejectionCode,
  SyncClient,
  type SyncTransport,
} from '@fcf/engine/sync';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncService } from '../../sync/sync-service.ts';
import { useSyncStatus } from '../../sync/use-sync-status.ts';
import { byText, click, mount, query, texts, unmountAll } from '../../testing/dom.tsx';
import { SyncPanel } from './SyncPanel.tsx';

afterEach(unmountAll);

type Pushed = PushRequest['mutations'][number];

/** A server stand-in: `refuse` decides which new mutations it rejects, and with which code. */
function fakeServer(refuse: (mutation: Pushed) => RejectionCode | null) {
  let last = 0;
  const applied: Pushed[] = [];
  const transport: SyncTransport = {
    push: async (request) => {
      const results: MutationResult[] = request.mutations.map((mutation) => {
        last = Math.max(last, mutation.id);
        const code = refuse(mutation);
        if (code) return { id: mutation.id, status: 'rejected', code, message: `服务器拒绝（${code}）` };
        applied.push(mutation);
        return { id: mutation.id, status: 'applied' };
      });
      return { results, lastMutationId: last };
    },
    pull: async () => ({ changes: [], cursor: 1, hasMore: false, clientState: true, lastMutationId: last, issues: [] }),
  };
  return { transport, applied };
}

function Panel({ service }: { service: SyncService }) {
  return <SyncPanel status={useSyncStatus(service)} service={service} />;
}

function serviceOn(transport: SyncTransport) {
  const store = new MemorySyncStore('panel-client');
  return new SyncService(new SyncClient(store, transport, { tables: ['forecast_parameters'] }), store);
}

/** Lets the service's promises (sync, refresh) finish inside act. */
async function flush(): Promise<void> {
  await act(async () => {
    for (let round = 0; round < 20; round++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('未能同步的修改 in the sync panel', () => {
  it('lists a rejected edit apart from the unsynced count; 重试 pushes it again once it can pass', async () => {
    let haierHasFiles = false;
    const server = fakeServer((mutation) =>
      (mutation.args as { company: string }).company === '600690' && !haierHasFiles ? 'no_history' : null,
    );
    const service = serviceOn(server.transport);
    await service.enqueue('setForecastParameter', {
      company: '600690',
      year: 2026,
      parameter: 'da_ratio',
      value: 0.041,
    });
    await service.enqueue('setForecastParameter', {
      company: '000333',
      year: 2026,
      parameter: 'da_ratio',
      value: 0.032,
    });
    const { container } = mount(<Panel service={service} />);
    await flush();

    expect(query(container, '[data-testid="sync-unsynced-count"]').textContent).toBe('0');
    expect(query(container, '[data-testid="sync-rejected-count"]').textContent).toBe('1');
    const item = query(container, '[data-testid="sync-rejected"]');
    expect(item.textContent).toContain('600690 2026E 折旧摊销/营业收入');
    expect(item.textContent).toContain('4.10%');
    expect(item.textContent).toContain('服务器拒绝（no_history）');
    expect(texts(item, 'button')).toEqual(['重试', '放弃']);

    haierHasFiles = true;
    click(byText(item, 'button', '重试'));
    await flush();
    expect(container.querySelector('[data-testid="sync-rejected-list"]')).toBeNull();
    expect(container.querySelector('[data-testid="sync-rejected-count"]')).toBeNull();
    expect(query(container, '[data-testid="sync-unsynced-count"]').textContent).toBe('0');
    expect(server.applied.map((mutation) => [mutation.id, (mutation.args as { company: string }).company])).toEqual([
      [2, '000333'],
      [3, '600690'],
    ]);
  });

  it('offers only 放弃 for a reason that cannot pass, and 放弃 forgets the edit', async () => {
    const server = fakeServer(() => 'out_of_range');
    const service = serviceOn(server.transport);
    await service.enqueue('setValuationParameter', { company: '000333', parameter: 'wacc_manual', value: 0.29 });
    const { container } = mount(<Panel service={service} />);
    await flush();

    const item = query(container, '[data-testid="sync-rejected"]');
    expect(item.textContent).toContain('000333 WACC');
    expect(texts(item, 'button')).toEqual(['放弃']);
    click(byText(item, 'button', '放弃'));
    await flush();
    expect(container.querySelector('[data-testid="sync-rejected"]')).toBeNull();
    expect(await service.client.rejectedEdits()).toEqual([]);
    expect(await service.client.unsyncedCount()).toBe(0);
  });

  it('names a refused reset to auto by what it restores', async () => {
    const service = serviceOn(fakeServer(() => 'no_history').transport);
    await service.enqueue('resetToAuto', {
      company: '600690',
      scope: { fcf_parameters: true, wacc_parameters: true, terminal_growth_rate: true, total_shares: true },
    });
    const { container } = mount(<Panel service={service} />);
    await flush();
    const item = query(container, '[data-testid="sync-rejected"]');
    expect(item.textContent).toContain('600690 恢复自动预测 → 清除人工参数');
    expect(texts(item, 'button')).toEqual(['重试', '放弃']);
  });
});
