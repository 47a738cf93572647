//! Arrays built element by element from a fallible function (used by the
//! decoders of arrays).

/// Builds `[T; N]` from a fallible function of the index, stopping at the
/// first error.
#[inline]
pub(crate) fn try_array_from_fn<T, E, const N: usize>(mut f: impl FnMut(usize) -> Result<T, E>) -> Result<[T; N], E> {
    let mut err = None;
    let items: [Option<T>; N] = core::array::from_fn(|i| {
        if err.is_some() {
            return None;
        }
        match f(i) {
            Ok(v) => Some(v),
            Err(e) => {
                err = Some(e);
                None
            }
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    // No error was recorded, so `f` produced every element.
    Ok(items.map(|x| x.expect("every element was produced")))
}
