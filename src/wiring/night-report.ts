import type { Services } from '../services';
import type { NightSoldOut } from '../../src/shared/night-report';
import { dishNames, streamsWrittenBetween, type SoldOutOfDay } from '../../projections';
import { soldOutMoments, STOCK_EVENT_TYPES, type StockEvent } from '../../modules/stock';

const STOCK_TYPES = new Set<string>(STOCK_EVENT_TYPES);
const PRODUCT_STREAM = /^stock-(\d+)$/;

/**
 * The night report's sold-out moments (issue 40 item 6): the stock streams written within the day (found in the
 * audit log), each read whole from the event store and folded by the stock module's `soldOutMoments`; the dishes
 * named from the menu read model.
 */
export function wireSoldOut(services: Services): SoldOutOfDay {
  return async (from, to) => {
    const streams = (await streamsWrittenBetween(services.pool, 'stock', from, to)).filter((stream) => PRODUCT_STREAM.test(stream));
    if (streams.length === 0) return [];
    const names = await dishNames(services.pool);
    const moments: NightSoldOut[] = [];
    for (const stream of streams) {
      const productId = Number(PRODUCT_STREAM.exec(stream)![1]);
      const { events } = await services.store.read(stream);
      const stock = events.filter((event) => STOCK_TYPES.has(event.type)).map((event) => ({ event: event as unknown as StockEvent, at: event.metadata.at }));
      const dish = names.products.get(productId) ?? `Dish ${productId}`;
      for (const moment of soldOutMoments(stock, from, to)) {
        const variant = moment.variantKey === '-' ? undefined : names.variants.get(Number(moment.variantKey));
        moments.push({ dish: variant ? `${dish} (${variant})` : dish, soldOutAt: moment.soldOutAt, backAt: moment.backAt });
      }
    }
    return moments;
  };
}
