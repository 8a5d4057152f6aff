import type { Allergen } from '../../src/shared/allergens';

/** The demo takeaway's menu, seeded on first start. Prices in pence; images under web/public/images/dishes. */
export interface DemoProduct {
  name: string;
  shortDescription: string;
  description: string;
  pricePence: number;
  image?: string;
  virtual?: boolean;
  /**
   * Every food dish declares its allergens (issue 27), as its own name and descriptions imply them
   * (test/modules/catalog/demo-menu.test.ts checks them); a virtual item (the donation) has none to declare.
   */
  allergens?: Allergen[];
  vegetarian?: boolean;
  spice?: number;
  stock: number;
  /** A variant declares what it adds to its dish's allergens (none unless listed). */
  variants?: Array<{ name: string; incrementalPricePence: number; stock: number; allergens?: Allergen[] }>;
}

const spice = (stock: number) => [
  { name: 'Mild', incrementalPricePence: 0, stock },
  { name: 'Medium', incrementalPricePence: 0, stock },
  { name: 'Hot', incrementalPricePence: 0, stock },
];

export const DEMO_MENU: Array<{ category: string; products: DemoProduct[] }> = [
  {
    category: 'Starters',
    products: [
      { name: 'Onion Bhaji', shortDescription: 'Four crisp onion fritters', description: 'Sliced onion in spiced gram-flour batter, fried until golden. Served with a yoghurt and mint sauce.', pricePence: 395, image: 'onion-bhaji', allergens: ['milk'], vegetarian: true, stock: 60 },
      { name: 'Vegetable Samosa', shortDescription: 'Pastry parcels of spiced vegetables', description: 'Potato, peas and carrot with cumin and coriander in thin pastry.', pricePence: 350, image: 'samosa', allergens: ['gluten'], stock: 0,
        variants: [ { name: '2 pieces', incrementalPricePence: 0, stock: 40 }, { name: '4 pieces', incrementalPricePence: 275, stock: 20 } ] },
      { name: 'Chicken Pakora', shortDescription: 'Spiced chicken in crisp batter', description: 'Chicken breast marinated in ginger, garlic and chilli, fried in light batter.', pricePence: 450, image: 'pakora', allergens: ['gluten'], stock: 50 },
      { name: 'Prawn Puri', shortDescription: 'Prawns on fried puffed bread', description: 'Prawns cooked with tomato and onion in a medium sauce, on a puri.', pricePence: 525, image: 'prawn-puri', allergens: ['gluten', 'crustaceans'], stock: 25 },
      { name: 'Garlic Mushrooms', shortDescription: 'Button mushrooms, garlic butter', description: 'Pan-fried mushrooms with garlic, coriander and a squeeze of lemon.', pricePence: 425, image: 'garlic-mushrooms', allergens: ['milk'], stock: 30 },
    ],
  },
  {
    category: 'Tandoori & Grills',
    products: [
      { name: 'Chicken Tikka', shortDescription: 'Marinated chicken from the clay oven', description: 'Boneless chicken in yoghurt and spices, cooked in the tandoor. Served with salad.', pricePence: 550, image: 'chicken-tikka', allergens: ['milk'], stock: 0,
        variants: [ { name: 'Starter', incrementalPricePence: 0, stock: 40 }, { name: 'Main', incrementalPricePence: 450, stock: 30 } ] },
      { name: 'Tandoori Chicken (half)', shortDescription: 'On the bone, smoky and spiced', description: 'Half a chicken marinated overnight in yoghurt and spices, and roasted in the tandoor.', pricePence: 795, image: 'tandoori-chicken', allergens: ['milk'], stock: 20 },
      { name: 'Lamb Seekh Kebab', shortDescription: 'Minced lamb skewers', description: 'Lamb mince with onion, fresh chilli and herbs, grilled on skewers.', pricePence: 595, image: 'seekh-kebab', allergens: [], stock: 30 },
      { name: 'Mixed Grill', shortDescription: 'Tikka, tandoori chicken, seekh kebab', description: 'A sizzling platter of yoghurt-marinated chicken tikka, lamb tikka, tandoori chicken and seekh kebab, with a plain naan.', pricePence: 1395, image: 'mixed-grill', allergens: ['gluten', 'milk'], stock: 4 },
      { name: 'Paneer Tikka', shortDescription: 'Grilled Indian cheese and peppers', description: 'Cubes of paneer with peppers and onion, marinated and grilled.', pricePence: 650, image: 'paneer-tikka', allergens: ['milk'], vegetarian: true, stock: 25 },
    ],
  },
  {
    category: 'Curries',
    products: [
      { name: 'Chicken Tikka Masala', shortDescription: 'Creamy tomato sauce, the house favourite', description: 'Tandoori chicken tikka in a rich sauce of tomato, cream and fenugreek.', pricePence: 995, image: 'tikka-masala', allergens: ['milk'], stock: 0, variants: spice(40) },
      { name: 'Lamb Rogan Josh', shortDescription: 'Slow-cooked lamb, Kashmiri chilli', description: 'Tender lamb in a deep red sauce of tomato, paprika and Kashmiri chilli.', pricePence: 1095, image: 'rogan-josh', allergens: [], stock: 30 },
      { name: 'Chicken Korma', shortDescription: 'Mild, with coconut and almond', description: 'Chicken in a mild, creamy sauce of coconut, almond and cardamom.', pricePence: 950, image: 'korma', allergens: ['milk', 'nuts'], stock: 40 },
      { name: 'Madras', shortDescription: 'Fairly hot, tangy and rich', description: 'A fairly hot curry with tomato, tamarind and dried red chilli. Choose your main ingredient.', pricePence: 995, image: 'madras', allergens: [], stock: 0,
        variants: [ { name: 'Vegetable', incrementalPricePence: -100, stock: 30 }, { name: 'Chicken', incrementalPricePence: 0, stock: 40 }, { name: 'Lamb', incrementalPricePence: 100, stock: 30 }, { name: 'King Prawn', incrementalPricePence: 300, stock: 15, allergens: ['crustaceans'] } ] },
      { name: 'Saag Paneer', shortDescription: 'Spinach with Indian cheese', description: 'Paneer simmered with spinach, garlic and garam masala.', pricePence: 850, image: 'saag-paneer', allergens: ['milk'], stock: 30 },
      { name: 'Chana Masala', shortDescription: 'Chickpeas in a spiced gravy (vegan)', description: 'Chickpeas cooked with onion, tomato, ginger and amchur. Vegan.', pricePence: 750, image: 'chana-masala', allergens: [], stock: 30 },
      { name: 'King Prawn Jalfrezi', shortDescription: 'Hot, with peppers and green chilli', description: 'King prawns stir-fried with peppers, onion and fresh green chilli.', pricePence: 1295, image: 'jalfrezi', allergens: ['crustaceans'], stock: 8 },
    ],
  },
  {
    category: 'Biryani & Rice',
    products: [
      { name: 'Chicken Biryani', shortDescription: 'Layered rice, served with curry sauce', description: 'Basmati rice cooked with chicken, saffron and whole spices, with a vegetable curry sauce.', pricePence: 1150, image: 'biryani', allergens: [], stock: 0,
        variants: [ { name: 'Regular', incrementalPricePence: 0, stock: 30 }, { name: 'Large', incrementalPricePence: 300, stock: 20 } ] },
      { name: 'Vegetable Biryani', shortDescription: 'Seasonal vegetables, fragrant rice', description: 'Basmati rice with vegetables, saffron and fried onion, with a curry sauce.', pricePence: 950, image: 'veg-biryani', allergens: [], stock: 25 },
      { name: 'Pilau Rice', shortDescription: 'Basmati with whole spices', description: 'Basmati rice cooked with cardamom, cloves and a touch of saffron.', pricePence: 325, image: 'pilau-rice', allergens: [], stock: 100 },
      { name: 'Boiled Rice', shortDescription: 'Plain steamed basmati', description: 'Steamed basmati rice.', pricePence: 295, image: 'boiled-rice', allergens: [], stock: 100 },
      { name: 'Mushroom Rice', shortDescription: 'Pilau rice with fried mushrooms', description: 'Pilau rice stir-fried with mushrooms and onion.', pricePence: 375, image: 'mushroom-rice', allergens: [], stock: 40 },
    ],
  },
  {
    category: 'Breads',
    products: [
      { name: 'Plain Naan', shortDescription: 'Soft leavened bread from the tandoor', description: 'Baked on the wall of the clay oven and brushed with butter.', pricePence: 275, image: 'naan', allergens: ['gluten', 'milk'], stock: 80 },
      { name: 'Garlic Naan', shortDescription: 'With garlic and coriander', description: 'Naan brushed with butter, topped with chopped garlic and fresh coriander.', pricePence: 325, image: 'garlic-naan', allergens: ['gluten', 'milk'], stock: 80 },
      { name: 'Peshwari Naan', shortDescription: 'Sweet, with coconut and sultanas', description: 'Naan filled with coconut, almond and sultanas.', pricePence: 350, image: 'peshwari-naan', allergens: ['gluten', 'nuts'], stock: 40 },
      { name: 'Keema Naan', shortDescription: 'Stuffed with spiced lamb mince', description: 'Naan filled with lightly spiced minced lamb.', pricePence: 395, image: 'keema-naan', allergens: ['gluten'], stock: 30 },
      { name: 'Chapati', shortDescription: 'Thin wholemeal flatbread', description: 'Wholemeal flatbread, cooked on a griddle.', pricePence: 150, image: 'chapati', allergens: ['gluten'], stock: 60 },
      { name: 'Poppadoms', shortDescription: 'Two, with chutney tray', description: 'Two poppadoms with mango chutney, lime pickle and onion salad.', pricePence: 195, image: 'poppadoms', allergens: [], stock: 0,
        variants: [ { name: 'Plain', incrementalPricePence: 0, stock: 80 }, { name: 'Spicy', incrementalPricePence: 20, stock: 40 } ] },
    ],
  },
  {
    category: 'Sides & Drinks',
    products: [
      { name: 'Bombay Potatoes', shortDescription: 'Potatoes with cumin and tomato', description: 'New potatoes tossed with cumin, mustard seed and tomato.', pricePence: 450, image: 'bombay-potatoes', allergens: ['mustard'], stock: 40 },
      { name: 'Cucumber Raita', shortDescription: 'Cooling yoghurt and cucumber', description: 'Yoghurt with cucumber, mint and roasted cumin.', pricePence: 225, image: 'cucumber-raita', allergens: ['milk'], stock: 40 },
      { name: 'Mango Lassi', shortDescription: 'Yoghurt and mango drink', description: 'Chilled yoghurt blended with Alphonso mango.', pricePence: 325, image: 'mango-lassi', allergens: ['milk'], stock: 30 },
      { name: 'Coca-Cola', shortDescription: '330 ml can', description: 'Chilled 330 ml can.', pricePence: 150, image: 'cola', allergens: [], stock: 0,
        variants: [ { name: 'Regular', incrementalPricePence: 0, stock: 48 }, { name: 'Zero', incrementalPricePence: 0, stock: 48 } ] },
      { name: 'Food Bank Donation', shortDescription: 'We add the same again', description: 'Goes to the local food bank; the restaurant matches every donation.', pricePence: 100, virtual: true, stock: 1000 },
    ],
  },
];
