//! [`StaticRef`]: a `&'static T` held as a pointer, for the schema's
//! [`ShapeRef`](crate::schema::ShapeRef). Here, with the crate's other
//! `unsafe` code (see the parent module).

/// A `&'static T` held as a raw pointer: constants of recursive types can
/// point at each other without the compiler evaluating the target while
/// evaluating the reference (see [`ShapeRef`](crate::schema::ShapeRef)).
/// Made only from a `&'static T`, and read back as one.
pub(crate) struct StaticRef<T: ?Sized + 'static>(*const T);

impl<T: ?Sized + 'static> StaticRef<T> {
    /// Refers to `target`.
    #[inline(always)]
    pub(crate) const fn new(target: &'static T) -> Self {
        StaticRef(target)
    }

    /// The `'static` reference it was made from.
    #[inline(always)]
    pub(crate) const fn get(self) -> &'static T {
        // SAFETY: the pointer came from a `&'static T` in `new` (the only
        // constructor; the field is private), so it is non-null, aligned,
        // and points to a `T` that lives forever; only shared references
        // are made from it.
        unsafe { &*self.0 }
    }
}

impl<T: ?Sized + 'static> Clone for StaticRef<T> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: ?Sized + 'static> Copy for StaticRef<T> {}

// SAFETY: a `StaticRef<T>` is a `&'static T` (see `new`), which is `Sync`
// and `Send` when `T` is `Sync`.
unsafe impl<T: ?Sized + Sync + 'static> Sync for StaticRef<T> {}
// SAFETY: as for `Sync` above.
unsafe impl<T: ?Sized + Sync + 'static> Send for StaticRef<T> {}
