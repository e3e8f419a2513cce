// The bike calls' view of the files area (pictures, documents, equipment; written beside this one):
// one place that names what bikes use of it.
export { documentsOfBike } from '../documents/service.js';
export { equipmentOfBike } from '../equipment/service.js';
export { picturesOfBike, publicPictures } from '../pictures/service.js';
export { emptyTrash, trashFilesOfBike } from '../shared/files/trash.js';
