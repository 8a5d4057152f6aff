import { productDecider, categoriesDecider } from '../../../modules/catalog/decider';
import type { CategoryEvent, ProductAdded, ProductEvent, VariantAdded } from '../../../modules/catalog/events';
import { CATALOG_UPCASTERS, upcastAllergenState } from '../../../modules/catalog/events';
import { specFor } from '../../support/given-when-then';

const spec = specFor(productDecider);
const details: ProductAdded['data'] = {
  productId: 3, categoryId: 1, name: 'Korma', shortDescription: 'Mild', description: 'Creamy', descriptionFormat: 'html', pricePence: 950,
  image: null, imageSrcset: null, virtual: false, vatRate: 'standard', allergens: ['milk', 'nuts'], allergensDeclared: true, vegetarian: false, vegan: false, spice: 1, position: 1,
};
const added: ProductEvent = { type: 'ProductAdded', data: details };
const variant: ProductEvent = { type: 'VariantAdded', data: { productId: 3, variantId: 9, name: 'Large', incrementalPricePence: 300, weighting: 1, allergens: [], allergensDeclared: true } };
const add = (data: Partial<ProductAdded['data']> = {}, namesInCategory: string[] = []) =>
  ({ type: 'AddProduct' as const, data: { ...details, ...data }, namesInCategory });
const change = (data: Partial<ProductAdded['data']> = {}, namesInCategory: string[] = []) =>
  ({ type: 'ChangeProduct' as const, data: { ...details, ...data }, namesInCategory });

describe('catalogue decider', () => {
  describe('AddProduct', () => {
    it('adds a product once', () => {
      spec([]).when(add()).then([added]);
      spec([added]).when(add()).thenFails('already exists', 'conflict');
    });

    it('refuses an empty name, a negative price and a name another dish of the category has', () => {
      spec([]).when(add({ name: '   ' })).thenFails('A dish needs a name', 'invalid');
      spec([]).when(add({ pricePence: -1 })).thenFails('0 or more', 'invalid');
      spec([]).when(add({ pricePence: 1.5 })).thenFails('whole number', 'invalid');
      spec([]).when(add({}, ['Bhuna', ' korma '])).thenFails('already a dish in this category named Korma', 'conflict');
      spec([]).when(add({ pricePence: 0, vatRate: 'zero' }, ['Bhuna'])).then([{ type: 'ProductAdded', data: { ...details, pricePence: 0, vatRate: 'zero' } }]);
    });
  });

  describe('ChangeProduct', () => {
    it('changes the details, and nothing when they are the same', () => {
      spec([added]).when(change({ name: 'Chicken Korma', vatRate: 'zero' }))
        .then([{ type: 'ProductChanged', data: { ...details, name: 'Chicken Korma', vatRate: 'zero' } }]);
      spec([added]).when(change()).then([]);
      spec([]).when(change()).thenFails('does not exist', 'not_found');
    });

    it('refuses a price that a variant would make negative', () => {
      const cheaper: ProductEvent = { type: 'VariantAdded', data: { productId: 3, variantId: 10, name: 'Half', incrementalPricePence: -400, weighting: 2, allergens: [], allergensDeclared: true } };
      spec([added, cheaper]).when(change({ pricePence: 399 })).thenFails('The variant Half would make the dish cost less than nothing', 'invalid');
      spec([added, cheaper]).when(change({ pricePence: 400 })).then([{ type: 'ProductChanged', data: { ...details, pricePence: 400 } }]);
    });

    it('refuses an empty name and a duplicate in the category it moves to', () => {
      spec([added]).when(change({ name: '' })).thenFails('A dish needs a name');
      spec([added]).when(change({ categoryId: 2 }, ['KORMA'])).thenFails('already a dish in this category');
    });
  });

  describe('DescribeProduct and the description as rich text (issue 39)', () => {
    const describe_ = (description: string) => ({ type: 'DescribeProduct' as const, data: { productId: 3, description } });
    it('stores the description cleaned, once, and refuses one for no dish', () => {
      spec([added]).when(describe_('<p onclick="x()">Rich <strong>and</strong> creamy</p><script>alert(1)</script>'))
        .then([{ type: 'ProductChanged', data: { ...details, description: '<p>Rich <strong>and</strong> creamy</p>' } }]);
      spec([added]).when(describe_('Creamy')).then([]);
      spec([]).when(describe_('x')).thenFails('does not exist', 'not_found');
      spec([added]).when(describe_('x'.repeat(100_001))).thenFails('too long', 'invalid');
    });

    it('cleans a description the menu editor or the CSV sends', () => {
      spec([added]).when(change({ description: '<a href="javascript:alert(1)">menu</a>' }))
        .then([{ type: 'ProductChanged', data: { ...details, description: '<a rel="noopener noreferrer">menu</a>' } }]);
    });

    it('reads a plain description stored before as escaped paragraphs', () => {
      const { descriptionFormat: _format, ...old } = details;
      const upcast = CATALOG_UPCASTERS.ProductAdded({ type: 'ProductAdded', data: { ...old, description: 'Fish & chips\n<b>hot</b>' } });
      expect(upcast).toEqual({ type: 'ProductAdded', data: { ...details, description: '<p>Fish &amp; chips</p><p>&lt;b&gt;hot&lt;/b&gt;</p>' } });
      expect(CATALOG_UPCASTERS.ProductChanged(added)).toBe(added);
    });
  });

  describe('ArchiveProduct', () => {
    const archived: ProductEvent = { type: 'ProductArchived', data: { productId: 3 } };
    it('archives once, and an archived dish takes no more changes', () => {
      spec([added]).when({ type: 'ArchiveProduct', data: { productId: 3 } }).then([archived]);
      spec([added, archived]).when({ type: 'ArchiveProduct', data: { productId: 3 } }).then([]);
      spec([added, archived]).when(change({ name: 'Again' })).thenFails('Korma is archived', 'conflict');
      spec([added, archived]).when({ type: 'AddVariant', data: variant.data as never }).thenFails('archived');
      spec([]).when({ type: 'ArchiveProduct', data: { productId: 3 } }).thenFails('does not exist', 'not_found');
    });
  });

  describe('AddVariant and ChangeVariant', () => {
    it('adds variants only to a listed product, each once', () => {
      spec([]).when({ type: 'AddVariant', data: variant.data as never }).thenFails('does not exist', 'not_found');
      spec([added]).when({ type: 'AddVariant', data: variant.data as never }).then([variant]);
      spec([added, variant]).when({ type: 'AddVariant', data: variant.data as never }).thenFails('already exists');
    });

    it('takes a zero or negative adjustment, but not one making the dish negative, an empty or a duplicate name', () => {
      const withData = (data: Partial<Extract<ProductEvent, { type: 'VariantAdded' }>['data']>) =>
        ({ type: 'AddVariant' as const, data: { productId: 3, variantId: 11, name: 'Small', incrementalPricePence: -950, weighting: 2, allergens: [], allergensDeclared: false, ...data } });
      spec([added, variant]).when(withData({})).then([{ type: 'VariantAdded', data: withData({}).data }]);
      spec([added, variant]).when(withData({ incrementalPricePence: -951 })).thenFails('would make the dish cost less than nothing', 'invalid');
      spec([added, variant]).when(withData({ name: ' ' })).thenFails('A variant needs a name', 'invalid');
      spec([added, variant]).when(withData({ name: 'large' })).thenFails('already a variant of this dish named large', 'conflict');
    });

    it('changes a variant, keeping its own name free', () => {
      const changed = { productId: 3, variantId: 9, name: 'Large', incrementalPricePence: 0, weighting: 3, allergens: ['crustaceans' as const], allergensDeclared: true };
      spec([added, variant]).when({ type: 'ChangeVariant', data: changed }).then([{ type: 'VariantChanged', data: changed }]);
      spec([added, variant]).when({ type: 'ChangeVariant', data: variant.data as never }).then([]);
      spec([added, variant]).when({ type: 'ChangeVariant', data: { ...changed, incrementalPricePence: -1000 } }).thenFails('less than nothing');
      spec([added]).when({ type: 'ChangeVariant', data: changed }).thenFails('That variant does not exist', 'not_found');
    });
  });

  it('archives a variant once (issue 38 item 3): gone from the dish, its name free again', () => {
    const archived: ProductEvent = { type: 'VariantArchived', data: { productId: 3, variantId: 9 } };
    spec([added, variant]).when({ type: 'ArchiveVariant', data: { productId: 3, variantId: 9 } }).then([archived]);
    spec([added, variant, archived]).when({ type: 'ArchiveVariant', data: { productId: 3, variantId: 9 } }).thenFails('That variant does not exist', 'not_found');
    spec([added, variant, archived]).when({ type: 'AddVariant', data: { ...(variant.data as VariantAdded['data']), variantId: 10 } }).then([{ type: 'VariantAdded', data: { ...(variant.data as VariantAdded['data']), variantId: 10 } }]);
  });

  it('changes a product’s or a variant’s status only when it differs', () => {
    spec([added]).when({ type: 'ChangeProductStatus', data: { productId: 3, status: 'active' } }).then([]);
    spec([added]).when({ type: 'ChangeProductStatus', data: { productId: 3, status: 'out-of-stock' } })
      .then([{ type: 'ProductStatusChanged', data: { productId: 3, status: 'out-of-stock' } }]);
    spec([added, variant]).when({ type: 'ChangeVariantStatus', data: { productId: 3, variantId: 9, status: 'out-of-stock' } })
      .then([{ type: 'VariantStatusChanged', data: { productId: 3, variantId: 9, status: 'out-of-stock' } }]);
    spec([added]).when({ type: 'ChangeVariantStatus', data: { productId: 3, variantId: 9, status: 'active' } }).thenFails('That variant does not exist');
  });

  it('tells apart the allergens and tags of a dish, and refuses tags its allergens contradict', () => {
    spec([added]).when(change({ allergens: ['nuts', 'milk'] })).then([]);
    spec([added]).when(change({ allergens: ['milk'] })).then([{ type: 'ProductChanged', data: { ...details, allergens: ['milk'] } }]);
    spec([]).when(add({ vegan: true, vegetarian: false, allergens: [] })).thenFails('A vegan dish is vegetarian too', 'invalid');
    spec([]).when(add({ vegan: true, vegetarian: true })).thenFails('A vegan dish cannot contain milk or eggs', 'invalid');
    spec([]).when(add({ vegetarian: true, allergens: ['fish'] })).thenFails('cannot contain fish', 'invalid');
  });

  describe('declared and not-declared allergens (issue 27)', () => {
    const unchecked = { ...details, allergens: [], allergensDeclared: false };
    const uncheckedAdded: ProductEvent = { type: 'ProductAdded', data: unchecked };
    const variantOf = (allergensDeclared: boolean, allergens: Array<'crustaceans'> = []) =>
      ({ productId: 3, variantId: 9, name: 'Large', incrementalPricePence: 300, weighting: 1, allergens, allergensDeclared });

    it('adds a dish or variant not declared unless the command declares it', () => {
      spec([]).when(add({ allergens: [], allergensDeclared: false })).then([uncheckedAdded]);
      spec([uncheckedAdded]).when({ type: 'AddVariant', data: variantOf(false) }).then([{ type: 'VariantAdded', data: variantOf(false) }]);
    });

    it('records declaring "contains none" as a change, and un-declaring too, though the list stays empty', () => {
      spec([uncheckedAdded]).when(change({ allergens: [], allergensDeclared: true }))
        .then([{ type: 'ProductChanged', data: { ...unchecked, allergensDeclared: true } }]);
      spec([uncheckedAdded]).when(change({ allergens: [], allergensDeclared: false })).then([]);
      spec([added]).when(change({ allergensDeclared: false })).then([{ type: 'ProductChanged', data: { ...details, allergensDeclared: false } }]);
    });

    it('records a variant declared as adding none, and nothing when it already was', () => {
      const unset: ProductEvent = { type: 'VariantAdded', data: variantOf(false) };
      spec([added, unset]).when({ type: 'ChangeVariant', data: variantOf(true) }).then([{ type: 'VariantChanged', data: variantOf(true) }]);
      spec([added, unset, { type: 'VariantChanged', data: variantOf(true) }]).when({ type: 'ChangeVariant', data: variantOf(true) }).then([]);
    });

    it('reads every dish and variant stored before as not declared, keeping a list it had', () => {
      const { allergensDeclared: _declared, ...korma } = details;
      const { allergensDeclared: _variantDeclared, ...large } = variant.data as ReturnType<typeof variantOf>;
      const stored = [
        { type: 'ProductAdded', data: korma },
        { type: 'ProductChanged', data: { ...korma, name: 'Chicken Korma' } },
        { type: 'VariantAdded', data: large },
        { type: 'VariantChanged', data: { ...large, allergens: ['crustaceans'] } },
      ];
      const upcast = stored.map((event) => upcastAllergenState(event) as ProductEvent);
      expect(upcast.map((event) => (event.data as { allergensDeclared: boolean }).allergensDeclared)).toEqual([false, false, false, false]);
      const state = upcast.reduce(productDecider.evolve, productDecider.initialState);
      expect(state).toMatchObject({ product: { name: 'Chicken Korma', allergens: ['milk', 'nuts'], allergensDeclared: false } });
      expect(state.status === 'listed' && state.variants).toEqual([{ ...large, allergens: ['crustaceans'], allergensDeclared: false, status: 'active' }]);
      // Saving it unchanged but declared is the explicit act that makes it declared.
      spec(upcast).when(change({ name: 'Chicken Korma' })).then([{ type: 'ProductChanged', data: { ...details, name: 'Chicken Korma' } }]);
    });

    it('gives a dish stored before menu management the standard rate, one picture, no tags, not declared', () => {
      const { vatRate: _vat, imageSrcset: _srcset, allergens: _allergens, allergensDeclared: _declared, vegetarian: _vegetarian, vegan: _vegan, spice: _spice, ...old } = details;
      expect(upcastAllergenState({ type: 'ProductAdded', data: old })).toEqual({
        type: 'ProductAdded',
        data: { ...details, allergens: [], allergensDeclared: false, vegetarian: false, vegan: false, spice: 0 },
      });
      const { allergens: _list, allergensDeclared: _variantDeclared, ...bare } = variant.data as ReturnType<typeof variantOf>;
      expect(upcastAllergenState({ type: 'VariantAdded', data: bare })).toEqual({ type: 'VariantAdded', data: { ...bare, allergens: [], allergensDeclared: false } });
      const today = { type: 'ProductAdded', data: { ...details, vatRate: 'zero' } };
      expect(upcastAllergenState(today)).toBe(today);
    });
  });
});

describe('categories decider', () => {
  const categories = specFor(categoriesDecider);
  const starters: CategoryEvent = { type: 'CategoryAdded', data: { categoryId: 1, name: 'Starters', position: 1 } };
  const mains: CategoryEvent = { type: 'CategoryAdded', data: { categoryId: 2, name: 'Mains', position: 2 } };

  it('adds each category once, named, under a name no other category has', () => {
    categories([]).when({ type: 'AddCategory', data: starters.data as never }).then([starters]);
    categories([starters]).when({ type: 'AddCategory', data: starters.data as never }).thenFails('already exists');
    categories([starters]).when({ type: 'AddCategory', data: { categoryId: 2, name: ' ', position: 2 } }).thenFails('A category needs a name', 'invalid');
    categories([starters]).when({ type: 'AddCategory', data: { categoryId: 2, name: 'STARTERS', position: 2 } }).thenFails('already a category named STARTERS', 'conflict');
  });

  it('renames a category that exists, to a free name', () => {
    categories([starters, mains]).when({ type: 'RenameCategory', data: { categoryId: 1, name: 'Small plates' } })
      .then([{ type: 'CategoryRenamed', data: { categoryId: 1, name: 'Small plates' } }]);
    categories([starters, mains]).when({ type: 'RenameCategory', data: { categoryId: 1, name: 'Mains' } }).thenFails('already a category');
    categories([starters]).when({ type: 'RenameCategory', data: { categoryId: 1, name: 'Starters' } }).then([]);
    categories([starters]).when({ type: 'RenameCategory', data: { categoryId: 5, name: 'X' } }).thenFails('does not exist', 'not_found');
  });

  it('reorders every category at once', () => {
    categories([starters, mains]).when({ type: 'ReorderCategories', data: { categoryIds: [2, 1] } })
      .then([{ type: 'CategoriesReordered', data: { categoryIds: [2, 1] } }]);
    categories([starters, mains]).when({ type: 'ReorderCategories', data: { categoryIds: [1, 2] } }).then([]);
    categories([starters, mains]).when({ type: 'ReorderCategories', data: { categoryIds: [2] } }).thenFails('every category once', 'invalid');
    categories([starters, mains]).when({ type: 'ReorderCategories', data: { categoryIds: [2, 2] } }).thenFails('every category once');
  });

  it('hides and shows a category', () => {
    const hidden: CategoryEvent = { type: 'CategoryVisibilityChanged', data: { categoryId: 1, hidden: true } };
    categories([starters]).when({ type: 'SetCategoryHidden', data: { categoryId: 1, hidden: true } }).then([hidden]);
    categories([starters, hidden]).when({ type: 'SetCategoryHidden', data: { categoryId: 1, hidden: true } }).then([]);
    categories([starters, hidden]).when({ type: 'SetCategoryHidden', data: { categoryId: 1, hidden: false } })
      .then([{ type: 'CategoryVisibilityChanged', data: { categoryId: 1, hidden: false } }]);
  });
});
