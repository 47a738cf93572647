//! Collects errors so that all of them reach the user together.

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;

/// The error context of one derive invocation.
#[derive(Default)]
pub(crate) struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
}

impl Ctxt {
    /// Records an error spanning `tokens`.
    pub(crate) fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, msg: M) {
        self.errors.borrow_mut().push(syn::Error::new_spanned(tokens.into_token_stream(), msg));
    }

    /// Records a syn error.
    pub(crate) fn syn_error(&self, err: syn::Error) {
        self.errors.borrow_mut().push(err);
    }

    /// All errors, combined, or `Ok` if there were none.
    pub(crate) fn check(self) -> Result<(), syn::Error> {
        let mut errors = self.errors.into_inner().into_iter();
        let Some(mut combined) = errors.next() else { return Ok(()) };
        for e in errors {
            combined.combine(e);
        }
        Err(combined)
    }
}
