/** Realistic French given names and surnames for demo and benchmark data. */
export const FEMALE_FIRST_NAMES = [
  'Camille', 'Claire', 'Sophie', 'Julie', 'Marie', 'Anne', 'Isabelle', 'Nathalie', 'Céline', 'Émilie',
  'Charlotte', 'Hélène', 'Aurélie', 'Laure', 'Pauline', 'Élodie', 'Sandrine', 'Caroline', 'Mathilde', 'Agnès',
  'Delphine', 'Valérie', 'Juliette', 'Margaux', 'Inès', 'Léa', 'Chloé', 'Manon', 'Clémence', 'Sarah',
] as const;

export const MALE_FIRST_NAMES = [
  'Thomas', 'Nicolas', 'Julien', 'Pierre', 'François', 'Antoine', 'Olivier', 'Laurent', 'Sébastien', 'Guillaume',
  'Philippe', 'Alexandre', 'Mathieu', 'Vincent', 'Jérôme', 'Benoît', 'Arnaud', 'Étienne', 'Hugo', 'Louis',
  'Maxime', 'Romain', 'Damien', 'Frédéric', 'Christophe', 'Éric', 'Yann', 'Baptiste', 'Adrien', 'Karim',
] as const;

export const LAST_NAMES = [
  'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau',
  'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier',
  'Morel', 'Girard', 'André', 'Lefebvre', 'Mercier', 'Dupont', 'Lambert', 'Bonnet', 'François', 'Martinez',
  'Legrand', 'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guérin', 'Muller', 'Henry', 'Roussel', 'Nicolas',
  'Perrin', 'Morin', 'Mathieu', 'Clément', 'Gauthier', 'Dumont', 'Lopez', 'Fontaine', 'Chevalier', 'Robin',
  'Masson', 'Sanchez', 'Gérard', 'Nguyen', 'Boyer', 'Denis', 'Lemaire', 'Duval', 'Joly', 'Gautier',
  'Roger', 'Roche', 'Roy', 'Noël', 'Meyer', 'Lucas', 'Meunier', 'Jean', 'Perez', 'Marchand',
  'Dufour', 'Blanchard', 'Barbier', 'Brun', 'Dumas', 'Brunet', 'Schmitt', 'Leroux', 'Colin', 'Fernandez',
  'Benali', 'Haddad', 'Caron', 'Renaud', 'Arnaud', 'Giraud', 'Rolland', 'Aubert', 'Lemoine', 'Vidal',
] as const;

export const STREETS = [
  'rue de la République', 'avenue Victor Hugo', 'boulevard Gambetta', 'rue du Palais', 'place du Marché',
  'rue Nationale', 'cours Jean Jaurès', 'rue des Carmes', 'avenue Foch', 'rue Pasteur',
  'boulevard de la Liberté', 'rue Saint-Louis', 'quai des Chartrons', 'rue de la Préfecture', 'avenue du Général Leclerc',
  'rue Thiers', 'place de la Comédie', 'rue Émile Zola', 'rue du Maréchal Joffre', 'allée des Tilleuls',
] as const;
